import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StudentProgress } from "../../../shared/analysis.ts";
import type { OptionKey } from "../../../shared/constants.ts";
import { questions as questionsTable } from "../../db/schema/exams.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import { takeTarget } from "../../test/exam-helpers.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { getStudentProgress } from "./progress.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

const DAY = 86_400_000;
const now = new Date("2026-05-20T06:30:00Z"); // 12:00 in India
const wrong = (key: OptionKey): OptionKey => (key === "A" ? "B" : "A");

describe("My Progress", () => {
  it("is empty for a student with no attempts: 30 days of nothing", async () => {
    const fresh = await t.createUser();
    const response = await t.request("/api/student/progress?tz=Asia/Kolkata", {
      cookie: fresh.cookie,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as StudentProgress;
    expect(body).toMatchObject({
      completedAttempts: 0,
      totalStudySeconds: 0,
      scores: { exams: [], quizzes: [] },
      subjectAccuracy: [],
    });
    expect(body.questionsPerDay).toHaveLength(30);
    expect(body.questionsPerDay.every((d) => d.answered === 0)).toBe(true);
  });

  it("shows scores over time, subject accuracy with its trend, answers per day and study time, of this student only", async () => {
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 4 });
    const [economy] = await t.db
      .insert(subjects)
      .values({ name: `Economy ${Date.now()}`, sortOrder: 4 })
      .returning();
    if (!economy) throw new Error("no subject");
    // q1, q2 are Economy; q3, q4 untagged.
    for (const q of questions.slice(0, 2)) {
      await t.db
        .update(questionsTable)
        .set({ subjectId: economy.id })
        .where(eq(questionsTable.id, q.id));
    }
    const { quiz, questions: quizQuestions } = await createQuizFixture(t.db, {
      questionCount: 4,
      totalMarks: 20,
      publishedOn: "2026-01-01",
    });
    const takeExam = (userId: string, choices: (OptionKey | null)[], at: Date, took: number) =>
      takeTarget(t.db, {
        userId,
        target: { kind: "exam", id: exam.id },
        questions,
        choices,
        took,
        at,
      });
    const keys = questions.map((q) => q.correctAnswer);
    // 40 days ago (the previous window): Economy 0 of 2 right.
    await takeExam(
      student.id,
      [wrong(keys[0]!), wrong(keys[1]!), null, null],
      new Date(now.getTime() - 40 * DAY),
      600,
    );
    // 2 days ago: Economy 1 of 2, untagged 1 of 1 answered.
    await takeExam(
      student.id,
      [keys[0]!, wrong(keys[1]!), keys[2]!, null],
      new Date(now.getTime() - 2 * DAY),
      300,
    );
    // Today: a quiz, 3 of 4 right (15 of 20 marks: 75%).
    await takeTarget(t.db, {
      userId: student.id,
      target: { kind: "quiz", id: quiz.id },
      questions: quizQuestions,
      choices: quizQuestions.map((q, i) => (i < 3 ? q.correctAnswer : wrong(q.correctAnswer))),
      took: 120,
      at: new Date(now.getTime() - 3_600_000),
    });
    // Another student's perfect attempt never shows.
    await takeExam(other.id, keys, new Date(now.getTime() - DAY), 100);

    const progress = await getStudentProgress(t.db, {
      userId: student.id,
      timeZone: "Asia/Kolkata",
      now,
    });
    expect(progress.completedAttempts).toBe(3);
    expect(progress.totalStudySeconds).toBe(600 + 300 + 120);
    expect(progress.scores.exams.map((p) => p.scorePercent)).toEqual([0, 50]);
    expect(progress.scores.exams[0]?.title).toBe(exam.title);
    expect(progress.scores.quizzes).toEqual([
      expect.objectContaining({ title: quiz.title, scorePercent: 75 }),
    ]);
    expect(progress.subjectAccuracy).toEqual([
      {
        subjectId: economy.id,
        name: economy.name,
        attempted: 2,
        correct: 1,
        accuracy: 50,
        previousAccuracy: 0,
        trend: 50,
      },
      {
        subjectId: null,
        name: "Untagged",
        attempted: 5,
        correct: 4,
        accuracy: 80,
        previousAccuracy: null,
        trend: null,
      },
    ]);
    expect(progress.questionsPerDay).toHaveLength(30);
    expect(progress.questionsPerDay.at(-1)).toEqual({ day: "2026-05-20", answered: 4 });
    expect(progress.questionsPerDay.find((d) => d.day === "2026-05-18")?.answered).toBe(3);
    expect(progress.questionsPerDay.reduce((sum, d) => sum + d.answered, 0)).toBe(7);
  });

  it("answers over HTTP with the viewer's own data only, and only to students", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const other2 = await t.createUser();
    await takeTarget(t.db, {
      userId: other2.id,
      target: { kind: "exam", id: exam.id },
      questions,
      choices: questions.map((q) => q.correctAnswer),
      took: 50,
      at: new Date(),
    });
    const mine = await t.request("/api/student/progress", { cookie: other2.cookie });
    expect(((await mine.json()) as StudentProgress).completedAttempts).toBe(1);
    const fresh = await t.createUser();
    const theirs = await t.request("/api/student/progress?tz=Not/AZone", { cookie: fresh.cookie });
    expect(theirs.status).toBe(200);
    const body = (await theirs.json()) as StudentProgress;
    expect(body.completedAttempts).toBe(0);
    expect(JSON.stringify(body)).not.toContain(exam.title);
    expect((await t.request("/api/student/progress")).status).toBe(401);
    expect((await t.request("/api/student/progress", { cookie: admin.cookie })).status).toBe(403);
  });
});
