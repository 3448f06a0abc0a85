import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts } from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, student, rival } = setupTestApp({ users: { student: "student", rival: "student" } });

const attemptsOf = (quizId: string) =>
  t.db.select().from(examAttempts).where(eq(examAttempts.quizId, quizId));

async function overview(quizId: string, cookie = student.cookie) {
  const response = await t.request(`/api/quizzes/${quizId}/overview`, { cookie });
  return { response, body: await response.json() };
}

const start = (quizId: string, cookie = student.cookie) =>
  t.request(`/api/quizzes/${quizId}/attempts`, { method: "POST", cookie });

describe("GET /api/quizzes/:quizId/overview (the quiz start screen)", () => {
  it("shows the rules without starting an attempt, however often it is read", async () => {
    const { quiz } = await createQuizFixture(t.db, {
      questionCount: 5,
      totalMarks: 20,
      durationMinutes: 15,
    });
    const first = await overview(quiz.id);
    await overview(quiz.id);
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({
      questionCount: 5,
      openAttempt: null,
      access: { locked: false },
      quiz: { id: quiz.id, title: quiz.title, durationMinutes: 15, totalMarks: 20, maxMarks: 20 },
    });
    expect(first.body.quiz.languages).toEqual(["English"]);
    expect(JSON.stringify(first.body)).not.toMatch(/questionText|correctAnswer|explanation/);
    expect(await attemptsOf(quiz.id)).toHaveLength(0);
  });

  it("offers the open attempt for resuming with its number and the time it has left", async () => {
    const { quiz } = await createQuizFixture(t.db, { durationMinutes: 10 });
    const session = await (await start(quiz.id)).json();
    const { body } = await overview(quiz.id);
    expect(body.openAttempt).toMatchObject({
      id: session.attempt.id,
      deadlineAt: session.attempt.deadlineAt,
      attemptNumber: 1,
    });
    expect(body.openAttempt.secondsLeft).toBeGreaterThan(590);
    expect(body.openAttempt.secondsLeft).toBeLessThanOrEqual(600);
    expect(await attemptsOf(quiz.id)).toHaveLength(1);
  });

  it("never shows another student's open attempt", async () => {
    const { quiz } = await createQuizFixture(t.db);
    const rivalSession = await (await start(quiz.id, rival.cookie)).json();
    const { response, body } = await overview(quiz.id);
    expect(response.status).toBe(200);
    expect(body.openAttempt).toBeNull();
    expect(JSON.stringify(body)).not.toContain(rivalSession.attempt.id);
    const rows = await attemptsOf(quiz.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(rivalSession.attempt.id);
  });

  it("tells a premium quiz is locked without a plan, and creates nothing", async () => {
    const { quiz } = await createQuizFixture(t.db, { isFree: false });
    const { body } = await overview(quiz.id);
    expect(body.access).toMatchObject({ locked: true, reason: expect.any(String) });
    expect(await attemptsOf(quiz.id)).toHaveLength(0);
  });

  it("answers 404 for a missing, unpublished or empty quiz, or a malformed id, and 401 signed out", async () => {
    const { quiz: later } = await createQuizFixture(t.db, { publishedOn: "2099-01-01" });
    const { quiz: empty } = await createQuizFixture(t.db, { questionCount: 0 });
    expect((await overview(later.id)).response.status).toBe(404);
    const emptyAnswer = await overview(empty.id);
    expect(emptyAnswer.response.status).toBe(404);
    expect(emptyAnswer.body.error.message).toBe("No questions found for this quiz.");
    expect((await overview(crypto.randomUUID())).response.status).toBe(404);
    expect((await overview("not-a-uuid")).response.status).toBe(404);
    expect((await t.request(`/api/quizzes/${later.id}/overview`)).status).toBe(401);
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, later.id));
    expect(row?.completedAttempts).toBe(0);
    expect(await attemptsOf(later.id)).toHaveLength(0);
  });
});
