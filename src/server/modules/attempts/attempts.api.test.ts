import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { examAttempts, studentAnswers } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "./attempt-grading.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

let seq = 1;
const answer = (
  questionId: string,
  selectedAnswer: string | null,
  extra: Record<string, unknown> = {},
) => ({
  questionId,
  selectedAnswer,
  markedForReview: false,
  clientSeq: seq++,
  ...extra,
});

async function start(examId: string, cookie = student.cookie) {
  const response = await t.request(`/api/exams/${examId}/attempts`, { method: "POST", cookie });
  return { response, body: await response.json() };
}

describe("starting and resuming", () => {
  it("sends questions without any answer key, explanation or correctness", async () => {
    const { exam } = await createExamFixture(t.db);
    const { response, body } = await start(exam.id);
    expect(response.status).toBe(200);
    expect(body.status).toBe("in_progress");
    expect(body.questions).toHaveLength(4);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(
      /correctAnswer|correct_answer|explanation|isCorrect|is_correct|Because/,
    );
    expect(
      new Date(body.attempt.deadlineAt).getTime() - new Date(body.attempt.startedAt).getTime(),
    ).toBe(600_000);
  });

  it("resumes the same attempt with its saved answers (reload, another tab)", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const first = await start(exam.id);
    const saved = await t.request(`/api/attempts/${first.body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          answer(questions[0]!.id, "A"),
          answer(questions[1]!.id, "C", { markedForReview: true }),
        ],
      },
    });
    expect(saved.status).toBe(200);
    const [again, parallel] = await Promise.all([start(exam.id), start(exam.id)]);
    expect(again.body.attempt.id).toBe(first.body.attempt.id);
    expect(parallel.body.attempt.id).toBe(first.body.attempt.id);
    expect(again.body.attempt.deadlineAt).toBe(first.body.attempt.deadlineAt);
    const byQuestion = Object.fromEntries(
      again.body.answers.map((a: { questionId: string }) => [a.questionId, a]),
    );
    expect(byQuestion[questions[0]!.id]).toMatchObject({
      selectedAnswer: "A",
      markedForReview: false,
    });
    expect(byQuestion[questions[1]!.id]).toMatchObject({
      selectedAnswer: "C",
      markedForReview: true,
    });
    const open = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    expect(open).toHaveLength(1);
  });

  it("answers a missing exam or an exam without questions with the spec's message", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const empty = await start(exam.id);
    expect(empty.response.status).toBe(404);
    expect(empty.body.error.message).toBe("Exam data could not be loaded or no questions found.");
    expect((await start("00000000-0000-4000-8000-000000000000")).response.status).toBe(404);
    expect((await start("not-a-uuid")).response.status).toBe(404);
  });

  it("requires a login", async () => {
    const { exam } = await createExamFixture(t.db);
    expect((await t.request(`/api/exams/${exam.id}/attempts`, { method: "POST" })).status).toBe(
      401,
    );
  });
});

describe("saving answers", () => {
  it("keeps the newest choice when an older replay arrives late", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const url = `/api/attempts/${body.attempt.id}/answers`;
    const q = questions[0]!.id;
    await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(q, "B", { clientSeq: 200 })] },
    });
    await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(q, "D", { clientSeq: 100 })] },
    });
    const [row] = await t.db.select().from(studentAnswers).where(eq(studentAnswers.questionId, q));
    expect(row?.selectedAnswer).toBe("B");
    // Clearing a choice is a choice too.
    await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(q, null, { clientSeq: 300 })] },
    });
    const [cleared] = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.questionId, q));
    expect(cleared?.selectedAnswer).toBeNull();
  });

  it("takes a question id in upper case as the same question (one row, the newer choice)", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const q = questions[0]!.id;
    const saved = await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          answer(q.toUpperCase(), "C", { clientSeq: 20 }),
          answer(q, "A", { clientSeq: 10 }),
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ saved: 1, rejected: [], stale: [] });
    const rows = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, body.attempt.id));
    expect(rows.map((r) => [r.questionId, r.selectedAnswer, r.clientSeq])).toEqual([[q, "C", 20]]);
  });

  it("refuses an invalid option or a batch of foreign questions, changing nothing", async () => {
    const { exam } = await createExamFixture(t.db);
    const foreign = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const url = `/api/attempts/${body.attempt.id}/answers`;
    const wrongExam = await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(foreign.questions[0]!.id, "A")] },
    });
    expect(wrongExam.status).toBe(422);
    expect((await wrongExam.json()).error.details).toEqual({
      rejected: [foreign.questions[0]!.id],
    });
    const badOption = await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(foreign.questions[0]!.id, "E")] },
    });
    expect(badOption.status).toBe(422);
    const rows = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, body.attempt.id));
    expect(rows).toHaveLength(0);
  });

  it("saves the rest of a batch when one question was removed from the exam meanwhile", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const foreign = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const response = await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          answer(questions[0]!.id, "A"),
          answer(foreign.questions[0]!.id, "B"),
          answer(questions[1]!.id, "C"),
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      saved: 2,
      rejected: [foreign.questions[0]!.id],
      stale: [],
    });
    const rows = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, body.attempt.id));
    expect(rows.map((r) => r.selectedAnswer).sort()).toEqual(["A", "C"]);
  });

  it("accepts answers within the grace period and refuses them after deadline + grace", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const url = `/api/attempts/${body.attempt.id}/answers`;
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: sql`now() - interval '5 seconds'` })
      .where(eq(examAttempts.id, body.attempt.id));
    const inGrace = await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "A")] },
    });
    expect(inGrace.status).toBe(200);
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: sql`now() - interval '20 seconds'` })
      .where(eq(examAttempts.id, body.attempt.id));
    const late = await t.request(url, {
      cookie: student.cookie,
      body: { answers: [answer(questions[1]!.id, "B")] },
    });
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe("Time is up: answers can no longer be saved.");
    const rows = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, body.attempt.id));
    expect(rows.map((r) => r.selectedAnswer)).toEqual(["A"]);
  });
});

describe("submitting", () => {
  it("grades on the server and a double submit gives one result", async () => {
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: 4,
      passingMarks: 50,
    });
    const { body } = await start(exam.id);
    await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: {
        answers: [
          answer(questions[0]!.id, "A"),
          answer(questions[1]!.id, "B"),
          answer(questions[2]!.id, "A"),
        ],
      },
    });
    const submit = () =>
      t.request(`/api/attempts/${body.attempt.id}/submit`, {
        method: "POST",
        cookie: student.cookie,
      });
    const [first, second] = await Promise.all([submit(), submit()]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const a = await first.json();
    const b = await second.json();
    expect(a.attempt).toEqual(b.attempt);
    expect(a.attempt).toMatchObject({ score: 50, passed: true });
    expect(a.tally).toMatchObject({ correct: 2, wrong: 1, unanswered: 1 });
    expect(a.answers).toHaveLength(4);
    expect(a.answers[3]).toMatchObject({
      selectedAnswer: null,
      isCorrect: false,
      question: { correctAnswer: "D" },
    });
    const rows = await t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, body.attempt.id));
    expect(rows).toHaveLength(4);
    // Read-only once submitted.
    const after = await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[3]!.id, "D")] },
    });
    expect(after.status).toBe(409);
  });

  it("scores marks over maximum marks with negative marking", async () => {
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: 3,
      passingMarks: 33,
      negative: { marks: 2, fraction: 1 / 3 },
    });
    const { body } = await start(exam.id);
    await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "A"), answer(questions[1]!.id, "A")] },
    });
    const result = await (
      await t.request(`/api/attempts/${body.attempt.id}/submit`, {
        method: "POST",
        cookie: student.cookie,
      })
    ).json();
    // 2 - 0.67 = 1.33 of 6 marks.
    expect(result.tally).toMatchObject({ marksObtained: 1.33, maxMarks: 6 });
    expect(result.attempt).toMatchObject({ score: 22.22, passed: false });
  });

  it("lets the sweeper finalise attempts left open past the deadline", async () => {
    const { exam, questions } = await createExamFixture(t.db, {
      questionCount: 2,
      passingMarks: 50,
    });
    const { body } = await start(exam.id);
    await t.request(`/api/attempts/${body.attempt.id}/answers`, {
      cookie: student.cookie,
      body: { answers: [answer(questions[0]!.id, "A")] },
    });
    await t.db
      .update(examAttempts)
      .set({
        startedAt: sql`now() - interval '11 minutes'`,
        deadlineAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(examAttempts.id, body.attempt.id));
    expect(await finalizeExpiredAttempts(t.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, body.attempt.id));
    expect(row).toMatchObject({ score: "50.00", passed: true, timeTakenSeconds: 600 });
    expect(row?.completedAt?.getTime()).toBe(row?.deadlineAt.getTime());
    expect(await finalizeExpiredAttempts(t.db)).toBe(0);
  });

  it("starts afresh after an open attempt ran out of time, and says which one was graded", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 2 });
    const first = await start(exam.id);
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: sql`now() - interval '1 minute'` })
      .where(eq(examAttempts.id, first.body.attempt.id));
    const second = await start(exam.id);
    expect(second.body.attempt.id).not.toBe(first.body.attempt.id);
    expect(second.body.finalizedAttemptId).toBe(first.body.attempt.id);
    const [graded] = await t.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, first.body.attempt.id));
    expect(graded?.completedAt).not.toBeNull();
  });
});

describe("who may see what", () => {
  it("hides a student's attempt from another student (404) and shows it to an admin", async () => {
    const { exam, questions } = await createExamFixture(t.db);
    const { body } = await start(exam.id);
    const id = body.attempt.id;
    expect((await t.request(`/api/attempts/${id}`, { cookie: other.cookie })).status).toBe(404);
    const write = await t.request(`/api/attempts/${id}/answers`, {
      cookie: other.cookie,
      body: { answers: [answer(questions[0]!.id, "A")] },
    });
    expect(write.status).toBe(404);
    expect(
      (await t.request(`/api/attempts/${id}/submit`, { method: "POST", cookie: other.cookie }))
        .status,
    ).toBe(404);
    expect((await t.request(`/api/attempts/${id}`)).status).toBe(401);

    const own = await (await t.request(`/api/attempts/${id}`, { cookie: student.cookie })).json();
    expect(own.status).toBe("in_progress");
    expect(JSON.stringify(own)).not.toMatch(/correctAnswer/);

    await t.request(`/api/attempts/${id}/submit`, { method: "POST", cookie: student.cookie });
    const review = await (await t.request(`/api/attempts/${id}`, { cookie: admin.cookie })).json();
    expect(review.status).toBe("completed");
    expect(review.answers[0].question.correctAnswer).toBe("A");
  });

  it("lists only the student's own completed results, newest first", async () => {
    const { exam } = await createExamFixture(t.db);
    const mine = await start(exam.id);
    await t.request(`/api/attempts/${mine.body.attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const theirs = await start(exam.id, other.cookie);
    await t.request(`/api/attempts/${theirs.body.attempt.id}/submit`, {
      method: "POST",
      cookie: other.cookie,
    });
    const results = await (await t.request("/api/results", { cookie: student.cookie })).json();
    const ids = results.items.map((r: { id: string }) => r.id);
    expect(ids).toContain(mine.body.attempt.id);
    expect(ids).not.toContain(theirs.body.attempt.id);
    expect(results.items[0].title).toBe(exam.title);
    expect((await t.request("/api/results", { cookie: admin.cookie })).status).toBe(403);
  });
});
