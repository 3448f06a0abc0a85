import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import { examAttempts, questionScoreStats, studentAnswers } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";

/** Time per question rides along with the saves (decisions 034, 036). */
const { t, student, other } = setupTestApp({ users: { student: "student", other: "student" } });

let seq = 1_000;
const answer = (questionId: string, selectedAnswer: OptionKey | null, clientSeq = seq++) => ({
  questionId,
  selectedAnswer,
  markedForReview: false,
  clientSeq,
});

async function openAttempt(cookie = student.cookie) {
  const fixture = await createExamFixture(t.db, { timeLimitSeconds: 3600 });
  const started = await t.request(`/api/exams/${fixture.exam.id}/attempts`, {
    method: "POST",
    cookie,
  });
  expect(started.status).toBe(200);
  const attemptId = (await started.json()).attempt.id as string;
  return { ...fixture, attemptId };
}

/** Moves the attempt's start (and deadline) back, as if it had run for `seconds`. */
async function ranFor(attemptId: string, seconds: number) {
  await t.db
    .update(examAttempts)
    .set({
      startedAt: sql`now() - make_interval(secs => ${seconds})`,
      deadlineAt: sql`now() + interval '1 hour'`,
    })
    .where(eq(examAttempts.id, attemptId));
}

function save(attemptId: string, body: object, cookie = student.cookie) {
  return t.request(`/api/attempts/${attemptId}/answers`, { cookie, body });
}

async function rows(attemptId: string) {
  return t.db
    .select({
      questionId: studentAnswers.questionId,
      selectedAnswer: studentAnswers.selectedAnswer,
      clientSeq: studentAnswers.clientSeq,
      seconds: studentAnswers.timeSpentSeconds,
    })
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId))
    .orderBy(asc(studentAnswers.questionId));
}

async function secondsOf(attemptId: string, questionId: string) {
  const [row] = await t.db
    .select({ seconds: studentAnswers.timeSpentSeconds })
    .from(studentAnswers)
    .where(and(eq(studentAnswers.attemptId, attemptId), eq(studentAnswers.questionId, questionId)));
  return row?.seconds;
}

describe("time per question", () => {
  it("clamps a total to the attempt's elapsed time and keeps the largest total sent", async () => {
    const { attemptId, questions } = await openAttempt();
    const q0 = questions[0]!.id;
    // Just started: 500 s cannot have been spent yet.
    expect(
      (
        await save(attemptId, {
          answers: [answer(q0, "A")],
          times: [{ questionId: q0, seconds: 500 }],
        })
      ).status,
    ).toBe(200);
    expect(await secondsOf(attemptId, q0)).toBeLessThanOrEqual(5);

    await ranFor(attemptId, 300);
    await save(attemptId, { times: [{ questionId: q0, seconds: 200 }] });
    expect(await secondsOf(attemptId, q0)).toBe(200);
    // A replay of the same total, or an older smaller one, counts nothing twice.
    await save(attemptId, { times: [{ questionId: q0, seconds: 200 }] });
    await save(attemptId, { times: [{ questionId: q0, seconds: 120 }] });
    expect(await secondsOf(attemptId, q0)).toBe(200);
    // More than the 300 s that have passed is clamped.
    await save(attemptId, { times: [{ questionId: q0, seconds: 9_000 }] });
    const clamped = await secondsOf(attemptId, q0);
    expect(clamped).toBeGreaterThanOrEqual(300);
    expect(clamped).toBeLessThan(310);
  });

  it("a time alone never changes a stored choice or its clientSeq, and a visited question gets a row", async () => {
    const { attemptId, questions } = await openAttempt();
    await ranFor(attemptId, 600);
    const [q0, q1] = [questions[0]!.id, questions[1]!.id];
    await save(attemptId, { answers: [answer(q0, "C", 50_000)] });
    const timesOnly = await save(attemptId, {
      times: [
        { questionId: q0, seconds: 40 },
        { questionId: q1, seconds: 25 },
      ],
    });
    expect(timesOnly.status).toBe(200);
    expect(await timesOnly.json()).toMatchObject({ saved: 0, rejected: [], stale: [] });
    const byId = new Map((await rows(attemptId)).map((r) => [r.questionId, r]));
    expect(byId.get(q0)).toMatchObject({ selectedAnswer: "C", clientSeq: 50_000, seconds: 40 });
    expect(byId.get(q1)).toMatchObject({ selectedAnswer: null, clientSeq: 0, seconds: 25 });

    // Answering the visited question later keeps its time; an older replay of a choice is
    // stale but still raises the time it carries.
    await save(attemptId, {
      answers: [answer(q1, "D", 60_000)],
      times: [{ questionId: q1, seconds: 30 }],
    });
    const replay = await save(attemptId, {
      answers: [answer(q0, "A", 10)],
      times: [{ questionId: q0, seconds: 45 }],
    });
    expect(await replay.json()).toMatchObject({ saved: 0, stale: [q0] });
    const after = new Map((await rows(attemptId)).map((r) => [r.questionId, r]));
    expect(after.get(q0)).toMatchObject({ selectedAnswer: "C", clientSeq: 50_000, seconds: 45 });
    expect(after.get(q1)).toMatchObject({ selectedAnswer: "D", clientSeq: 60_000, seconds: 30 });
  });

  it("one batch with a choice, a time on it and a time-only question writes all three", async () => {
    const { attemptId, questions } = await openAttempt();
    await ranFor(attemptId, 600);
    const [q0, q1, q2] = [questions[0]!.id, questions[1]!.id, questions[2]!.id];
    const saved = await save(attemptId, {
      answers: [answer(q0, "B", 70_000)],
      times: [
        { questionId: q0, seconds: 12 },
        { questionId: q1, seconds: 7 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ saved: 1, rejected: [], stale: [] });
    const byId = new Map((await rows(attemptId)).map((r) => [r.questionId, r]));
    expect(byId.get(q0)).toMatchObject({ selectedAnswer: "B", clientSeq: 70_000, seconds: 12 });
    expect(byId.get(q1)).toMatchObject({ selectedAnswer: null, clientSeq: 0, seconds: 7 });
    expect(byId.has(q2)).toBe(false);

    // The same again with an older choice: stale, the times stay, and a foreign id is rejected.
    const foreign = (await createExamFixture(t.db)).questions[0]!.id;
    const replay = await save(attemptId, {
      answers: [answer(q0, "C", 69_000), answer(foreign, "A")],
      times: [{ questionId: q1, seconds: 9 }],
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ saved: 0, rejected: [foreign], stale: [q0] });
    const after = new Map((await rows(attemptId)).map((r) => [r.questionId, r]));
    expect(after.get(q0)).toMatchObject({ selectedAnswer: "B", clientSeq: 70_000, seconds: 12 });
    expect(after.get(q1)).toMatchObject({ selectedAnswer: null, clientSeq: 0, seconds: 9 });
    expect(after.has(foreign)).toBe(false);
  });

  it("takes a choice and its time naming one question in two letter cases as one row", async () => {
    const { attemptId, questions } = await openAttempt();
    await ranFor(attemptId, 600);
    const q0 = questions[0]!.id;
    const saved = await save(attemptId, {
      answers: [answer(q0, "D", 80_000)],
      times: [
        { questionId: q0.toUpperCase(), seconds: 21 },
        { questionId: q0, seconds: 14 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ saved: 1, rejected: [], stale: [] });
    const stored = await rows(attemptId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      questionId: q0,
      selectedAnswer: "D",
      clientSeq: 80_000,
      seconds: 21,
    });
  });

  it("refuses times for another student's attempt and for a completed one, changing nothing", async () => {
    const { attemptId, questions } = await openAttempt();
    await ranFor(attemptId, 600);
    const q0 = questions[0]!.id;
    await save(attemptId, { answers: [answer(q0, "A")], times: [{ questionId: q0, seconds: 10 }] });
    const before = await rows(attemptId);

    const stranger = await save(
      attemptId,
      { times: [{ questionId: q0, seconds: 99 }] },
      other.cookie,
    );
    expect(stranger.status).toBe(404);
    expect(await rows(attemptId)).toEqual(before);

    const submitted = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(submitted.status).toBe(200);
    // The review shows no time (nothing new reaches a student).
    expect(JSON.stringify(await submitted.json())).not.toContain("timeSpent");
    const graded = await rows(attemptId);
    const late = await save(attemptId, { times: [{ questionId: q0, seconds: 99 }] });
    expect(late.status).toBe(409);
    expect(await rows(attemptId)).toEqual(graded);
    expect(graded.find((r) => r.questionId === q0)?.seconds).toBe(10);
  });

  it("refuses times for questions of another exam, and an empty batch", async () => {
    const { attemptId } = await openAttempt();
    const elsewhere = await createExamFixture(t.db);
    const foreign = await save(attemptId, {
      times: [{ questionId: elsewhere.questions[0]!.id, seconds: 5 }],
    });
    expect(foreign.status).toBe(422);
    expect(await rows(attemptId)).toEqual([]);
    expect((await save(attemptId, { answers: [], times: [] })).status).toBe(422);
    expect((await save(attemptId, {})).status).toBe(422);
    const negative = await save(attemptId, {
      times: [{ questionId: elsewhere.questions[0]!.id, seconds: -1 }],
    });
    expect(negative.status).toBe(422);
  });

  it("grading keeps the times and adds them to the question's counters", async () => {
    const { attemptId, questions } = await openAttempt();
    await ranFor(attemptId, 900);
    const [q0, q1] = [questions[0]!.id, questions[1]!.id];
    await save(attemptId, {
      answers: [answer(q0, "A")],
      times: [
        { questionId: q0, seconds: 70 },
        { questionId: q1, seconds: 33 },
      ],
    });
    await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    const stats = await t.db
      .select({ questionId: questionScoreStats.questionId, time: questionScoreStats.timeSeconds })
      .from(questionScoreStats)
      .where(
        sql`${questionScoreStats.questionId} in (${sql.join([sql`${q0}`, sql`${q1}`], sql`, `)})`,
      );
    expect(new Map(stats.map((s) => [s.questionId, s.time]))).toEqual(
      new Map([
        [q0, 70],
        [q1, 33],
      ]),
    );
  });
});
