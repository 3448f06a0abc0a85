import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/test-app.ts";
import { seedDemo } from "./demo.ts";
import { DEMO_QUIZZES } from "./demo-quizzes.ts";

const { t } = setupTestApp();

describe("demo quizzes", () => {
  it("are real: 10+ quizzes of 5-10 explained questions, half bilingual, free and premium", () => {
    expect(DEMO_QUIZZES.length).toBeGreaterThanOrEqual(10);
    for (const quiz of DEMO_QUIZZES) {
      expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
      expect(quiz.questions.length).toBeLessThanOrEqual(10);
      for (const q of quiz.questions) expect(q.explanation.length).toBeGreaterThan(10);
    }
    const bilingual = DEMO_QUIZZES.filter((quiz) => quiz.questions.every((q) => q.hi));
    expect(bilingual.length * 2).toBeGreaterThanOrEqual(DEMO_QUIZZES.length);
    expect(new Set(DEMO_QUIZZES.map((q) => q.isFree))).toEqual(new Set([true, false]));
  });

  it("seed with a sample PDF, twice without duplicates, and list newest first", async () => {
    await seedDemo(t.db, t.storage);
    await seedDemo(t.db, t.storage);
    const admin = await t.createUser("admin");
    const student = await t.createUser("student");
    const all = await (
      await t.request("/api/admin/quizzes?pageSize=100", { cookie: admin.cookie })
    ).json();
    expect(all.total).toBe(DEMO_QUIZZES.length);
    const list = await (await t.request("/api/quizzes", { cookie: student.cookie })).json();
    // The scheduled quiz is not shown yet.
    expect(list.total).toBe(DEMO_QUIZZES.length - 1);
    expect(list.items[0].title).toBe("Polity in the News: Parliament and the Constitution");
    expect(list.items[0].languages).toEqual(["English", "Hindi"]);
    const pdf = await t.request(list.items[0].pdfUrl, { cookie: student.cookie });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe("application/pdf");
  });
});
