import { describe, expect, it } from "vitest";
import { mainsQuestions } from "../db/schema/evaluation.ts";
import { mainsSeries, mainsTestQuestions, mainsTests } from "../db/schema/mains-tests.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import {
  DEMO_MAINS_SERIES_TITLE,
  DEMO_MAINS_TEST_QUESTIONS,
  DEMO_MAINS_TEST_TITLE,
} from "./demo-mains-tests.ts";

const { t, student } = setupTestApp({ users: { student: "student" } });

describe("the demo Mains test (decision 063)", () => {
  it("is seeded once: a free GS II test of two bilingual questions, open now in its series", async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    expect(await t.db.select().from(mainsSeries)).toHaveLength(1);
    const tests = await t.db.select().from(mainsTests);
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({ title: DEMO_MAINS_TEST_TITLE, isFree: true, published: true });
    expect(await t.db.select().from(mainsTestQuestions)).toHaveLength(2);
    const bank = await t.db.select().from(mainsQuestions);
    for (const q of DEMO_MAINS_TEST_QUESTIONS) {
      const row = bank.find((r) => r.questionText === q.text);
      expect(row?.paper).toBe("gs2");
      expect(row?.questionTextHi).toBe(q.textHi);
    }

    const list = await (await t.client(student)["mains-tests"].$get()).json();
    expect(list.series.map((s) => s.title)).toEqual([DEMO_MAINS_SERIES_TITLE]);
    expect(list.series[0]?.tests.map((test) => [test.title, test.status, test.locked])).toEqual([
      [DEMO_MAINS_TEST_TITLE, "open", false],
    ]);
    const id = tests[0]?.id ?? "";
    const started = await t.client(student)["mains-tests"][":id"].attempts.$post({ param: { id } });
    expect(started.status).toBe(200);
    const session = await started.json();
    if (session.kind !== "mains") throw new Error("not a Mains session");
    expect(session.mains.questions.map((q) => q.questionTextHi)).toEqual(
      DEMO_MAINS_TEST_QUESTIONS.map((q) => q.textHi),
    );
  });
});
