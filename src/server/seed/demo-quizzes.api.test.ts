import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import { quizzes } from "../db/schema/quizzes.ts";
import { setupTestApp } from "../test/test-app.ts";
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
    // The sample PDF is built from the explanations: a student gets it after finishing the quiz.
    const withPdf = list.items.find((item: { pdfAfterAttempt: boolean }) => item.pdfAfterAttempt);
    expect(withPdf).toMatchObject({ pdfUrl: null });
    const quizId = withPdf.id as string;
    expect((await t.request(`/api/quizzes/${quizId}/pdf`, { cookie: student.cookie })).status).toBe(
      403,
    );
    const [quiz] = await t.db.select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(quiz?.pdfHasNoAnswers).toBe(false);
    const started = await t.request(`/api/quizzes/${quizId}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const submitted = await t.request(`/api/attempts/${(await started.json()).attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(submitted.status).toBe(200);
    const pdf = await t.request(`/api/quizzes/${quizId}/pdf`, { cookie: student.cookie });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect((await fileTypeFromBuffer(bytes))?.mime).toBe("application/pdf");
  });
});
