import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, student } = setupTestApp({ users: { student: "student" } });

const attemptsOf = (examId: string) =>
  t.db.select().from(examAttempts).where(eq(examAttempts.examId, examId));

async function overview(examId: string, cookie = student.cookie) {
  const response = await t.request(`/api/exams/${examId}/overview`, { cookie });
  return { response, body: await response.json() };
}

describe("GET /api/exams/:examId/overview (the start screen)", () => {
  it("shows the rules without starting an attempt, however often it is read", async () => {
    const { exam } = await createExamFixture(t.db, {
      questionCount: 3,
      timeLimitSeconds: 900,
      passingMarks: 40,
      negative: { marks: 2, fraction: 0.33 },
    });
    const first = await overview(exam.id);
    await overview(exam.id);
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({
      questionCount: 3,
      openAttempt: null,
      access: { locked: false },
      exam: {
        id: exam.id,
        title: exam.title,
        timeLimitSeconds: 900,
        passingMarks: 40,
        marksPerQuestion: 2,
        negativeMarkFraction: 0.33,
      },
    });
    expect(first.body.exam.categoryName).toEqual(expect.any(String));
    expect(JSON.stringify(first.body)).not.toMatch(/questionText|correctAnswer|explanation/);
    expect(await attemptsOf(exam.id)).toHaveLength(0);
  });

  it("offers the open attempt for resuming with the time it has left", async () => {
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 600 });
    const started = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const session = await started.json();
    const { body } = await overview(exam.id);
    expect(body.openAttempt.id).toBe(session.attempt.id);
    expect(body.openAttempt.deadlineAt).toBe(session.attempt.deadlineAt);
    expect(body.openAttempt.secondsLeft).toBeGreaterThan(590);
    expect(body.openAttempt.secondsLeft).toBeLessThanOrEqual(600);
    const rows = await attemptsOf(exam.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deadlineAt.toISOString()).toBe(session.attempt.deadlineAt);
  });

  it("does not offer an attempt whose time is up, and does not grade it either", async () => {
    const { exam } = await createExamFixture(t.db);
    await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST", cookie: student.cookie });
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(examAttempts.examId, exam.id));
    const { body } = await overview(exam.id);
    expect(body.openAttempt).toBeNull();
    const [row] = await attemptsOf(exam.id);
    expect(row?.completedAt).toBeNull();
  });

  it("tells a premium exam is locked without a plan, and starting it is refused with a link", async () => {
    const { exam } = await createExamFixture(t.db);
    await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, exam.id));
    const { body } = await overview(exam.id);
    expect(body.access).toMatchObject({ locked: true, reason: expect.any(String) });
    const refused = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.details.plansUrl).toEqual(expect.any(String));
    expect(await attemptsOf(exam.id)).toHaveLength(0);
  });

  it("answers 404 for a missing exam or one without questions, and 401 when signed out", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    expect((await overview(exam.id)).response.status).toBe(404);
    expect((await overview(crypto.randomUUID())).response.status).toBe(404);
    const anonymous = await t.request(`/api/exams/${exam.id}/overview`);
    expect(anonymous.status).toBe(401);
  });
});
