import { describe, expect, it } from "vitest";
import { mainsQuestions } from "../db/schema/evaluation.ts";
import { setupTestApp } from "../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_MAINS } from "./demo-mains.ts";
import { DEMO_MAINS_TEST_QUESTIONS } from "./demo-mains-tests.ts";

const { t, student } = setupTestApp({ users: { student: "student" } });

describe("the demo Mains questions (decision 042)", () => {
  it("are seeded once, tagged, with today's question first for students", async () => {
    await seedDemo(t.db);
    await seedDemo(t.db);
    const rows = await t.db.select().from(mainsQuestions);
    // With the sample Mains test's questions, published for daily writing only after it closes.
    expect(rows).toHaveLength(DEMO_MAINS.length + DEMO_MAINS_TEST_QUESTIONS.length);
    expect(rows.find((r) => r.paper === "gs2")?.topicId).not.toBeNull();
    const page = await (
      await t.request("/api/answer-evaluation", { cookie: student.cookie })
    ).json();
    expect(page.today.questionText).toBe(DEMO_MAINS[0]?.text);
    expect(page.today.isToday).toBe(true);
    expect(page.earlier.total).toBe(DEMO_MAINS.length - 1);
  });
});
