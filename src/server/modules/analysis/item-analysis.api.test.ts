import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import {
  examAttempts,
  questionScoreStats,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { analyseQuestion } from "./item-analysis.ts";

/** Item analysis and regrade (decision 036). */
const { t, admin, student, s1, s2, s3, s4 } = setupTestApp({
  users: {
    admin: "admin",
    student: "student",
    s1: "student",
    s2: "student",
    s3: "student",
    s4: "student",
  },
});

let seq = 1;
/** Takes the exam or quiz through the engine with these choices (in question order). */
async function take(
  user: TestUser,
  target: { kind: "exam" | "quiz"; id: string },
  questionIds: string[],
  choices: (OptionKey | null)[],
) {
  const session = await startAttempt(t.db, {
    viewer: { userId: user.id, role: "student" },
    target,
  });
  await saveAnswers(t.db, {
    userId: user.id,
    attemptId: session.attempt.id,
    body: {
      answers: questionIds.map((questionId, i) => ({
        questionId,
        selectedAnswer: choices[i] ?? null,
        markedForReview: false,
        clientSeq: seq++,
      })),
    },
  });
  const review = await submitAttempt(t.db, { userId: user.id, attemptId: session.attempt.id });
  return review.attempt.id;
}

/**
 * An exam whose first key is wrong: it says A (the fixture's cycle A, B, C, D), the two best
 * students chose B. Scores with that key: s1 and s2 75%, s4 50%, s3 25%.
 */
async function examWithWrongKey() {
  const fixture = await createExamFixture(t.db, { passingMarks: 70 });
  const ids = fixture.questions.map((q) => q.id);
  const ref = { kind: "exam" as const, id: fixture.exam.id };
  const attempts = {
    s1: await take(s1, ref, ids, ["B", "B", "C", "D"]),
    s2: await take(s2, ref, ids, ["B", "B", "C", "D"]),
    s3: await take(s3, ref, ids, ["A", "A", "A", "A"]),
    s4: await take(s4, ref, ids, ["A", "A", "C", null]),
  };
  return { ...fixture, ids, attempts };
}

async function attemptRows(ids: string[]) {
  return t.db
    .select()
    .from(examAttempts)
    .where(inArray(examAttempts.id, ids))
    .orderBy(asc(examAttempts.id));
}

async function everything(examQuestionIds: string[], attemptIds: string[]) {
  return {
    attempts: await attemptRows(attemptIds),
    answers: await t.db
      .select()
      .from(studentAnswers)
      .where(inArray(studentAnswers.attemptId, attemptIds))
      .orderBy(asc(studentAnswers.id)),
    stats: await t.db
      .select()
      .from(questionScoreStats)
      .where(inArray(questionScoreStats.questionId, examQuestionIds))
      .orderBy(asc(questionScoreStats.questionId), asc(questionScoreStats.scoreBand)),
  };
}

describe("analyseQuestion", () => {
  it("flags a distractor the top group chose more often than the key", () => {
    const result = analyseQuestion("A", {
      attempts: 20,
      correct: 8,
      chose: { A: 8, B: 8, C: 2, D: 0 },
      timeSeconds: 200,
      top: { attempts: 10, correct: 2, chose: { A: 2, B: 7, C: 1, D: 0 } },
      bottom: { attempts: 10, correct: 6, chose: { A: 6, B: 1, C: 1, D: 0 } },
    });
    expect(result).toMatchObject({
      attempts: 20,
      facility: 40,
      discrimination: -0.4,
      options: { A: 8, B: 8, C: 2, D: 0, skipped: 2 },
      averageSeconds: 10,
      checkKey: "B",
    });
  });
});

describe("item analysis", () => {
  it("reports facility, discrimination, options, time and the 'Check the key' flag", async () => {
    const { exam, ids } = await examWithWrongKey();
    const res = await t.request(`/api/admin/exams/${exam.id}/analysis`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ kind: "exam", id: exam.id, rankedAttempts: 4 });
    const [q1, q2, q3, q4] = body.questions;
    expect(q1).toMatchObject({
      id: ids[0],
      number: 1,
      correctAnswer: "A",
      attempts: 4,
      facility: 50,
      options: { A: 2, B: 2, C: 0, D: 0, skipped: 0 },
      checkKey: "B",
    });
    // Top group: the 75% band (1.08 of its 2 attempts); bottom: 25% and 0.08 of the 50% band.
    expect(q2).toMatchObject({ facility: 50, discrimination: 1, checkKey: null });
    // Bottom group: s3 (wrong) whole and 0.08 of s4's band (right): 1 - 0.08 / 1.08.
    expect(q3).toMatchObject({ facility: 75, discrimination: 0.93, checkKey: null });
    expect(q4).toMatchObject({ options: { D: 2, A: 1, skipped: 1 }, checkKey: null });
    expect(q1.averageSeconds).toBe(0);
  });

  it("is for admins only, and names the right kind of target", async () => {
    const { exam } = await createExamFixture(t.db);
    const { quiz } = await createQuizFixture(t.db);
    const refused = await t.request(`/api/admin/exams/${exam.id}/analysis`, {
      cookie: student.cookie,
    });
    expect(refused.status).toBe(403);
    expect((await t.request(`/api/admin/exams/${exam.id}/analysis`)).status).toBe(401);
    // A quiz id on the exam route (and the reverse) is not found; a malformed id too.
    expect(
      (await t.request(`/api/admin/exams/${quiz.id}/analysis`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/admin/quizzes/${exam.id}/analysis`, { cookie: admin.cookie })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/admin/exams/not-an-id/analysis`, { cookie: admin.cookie })).status,
    ).toBe(404);
    const quizAnalysis = await t.request(`/api/admin/quizzes/${quiz.id}/analysis`, {
      cookie: admin.cookie,
    });
    expect(quizAnalysis.status).toBe(200);
    expect(await quizAnalysis.json()).toMatchObject({ kind: "quiz", rankedAttempts: 0 });
  });
});

describe("regrade", () => {
  it("after a key is fixed, recomputes verdicts, scores, pass and the counters, and notes it", async () => {
    const { exam, ids, attempts } = await examWithWrongKey();
    const other = await examWithWrongKey();
    const otherBefore = await everything(other.ids, Object.values(other.attempts));

    await t.db.update(questions).set({ correctAnswer: "B" }).where(eq(questions.id, ids[0]!));
    const res = await t.request(`/api/admin/exams/${exam.id}/regrade`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const outcome = await res.json();
    expect(outcome).toMatchObject({ attempts: 4, regraded: 4 });

    const byId = new Map((await attemptRows(Object.values(attempts))).map((a) => [a.id, a]));
    expect(byId.get(attempts.s1)).toMatchObject({ score: "100.00", passed: true });
    expect(byId.get(attempts.s2)).toMatchObject({ score: "100.00", passed: true });
    expect(byId.get(attempts.s3)).toMatchObject({ score: "0.00", passed: false });
    expect(byId.get(attempts.s4)).toMatchObject({ score: "25.00", passed: false });
    for (const a of byId.values()) expect(a.regradedAt?.toISOString()).toBe(outcome.regradedAt);

    // The student's result says so; the order of scores (the rank) follows the new scores.
    const review = await t.request(`/api/attempts/${attempts.s4}`, { cookie: s4.cookie });
    const reviewed = await review.json();
    expect(reviewed.attempt).toMatchObject({ score: 25, regradedAt: outcome.regradedAt });
    expect(reviewed.tally).toMatchObject({ correct: 1, wrong: 2, unanswered: 1 });

    // The counters are rebuilt: the flag is gone, the key's share is the facility.
    const analysis = await (
      await t.request(`/api/admin/exams/${exam.id}/analysis`, { cookie: admin.cookie })
    ).json();
    expect(analysis.questions[0]).toMatchObject({ facility: 50, checkKey: null });
    expect(analysis.questions[0].discrimination).toBe(1);

    // Another exam's attempts and counters are untouched.
    expect(await everything(other.ids, Object.values(other.attempts))).toEqual(otherBefore);

    // A second regrade with nothing changed marks nobody again.
    const again = await t.request(`/api/admin/exams/${exam.id}/regrade`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(await again.json()).toMatchObject({ attempts: 4, regraded: 0 });
  });

  it("moves quiz ranks when a key is fixed", async () => {
    const { quiz, questions: qs } = await createQuizFixture(t.db, { totalMarks: 10 });
    const ids = qs.map((q) => q.id);
    const ref = { kind: "quiz" as const, id: quiz.id };
    // Keys A, B, C, D. s1 matches the wrong key on Q1; s2 chose what the key should have been.
    const first = await take(s1, ref, ids, ["A", "B", "C", null]);
    const second = await take(s2, ref, ids, ["D", "B", null, "D"]);
    const rankOf = async (user: TestUser, id: string) =>
      (await (await t.request(`/api/attempts/${id}`, { cookie: user.cookie })).json()).rank;
    expect(await rankOf(s1, first)).toEqual({ position: 1, of: 2 });
    expect(await rankOf(s2, second)).toEqual({ position: 2, of: 2 });
    await t.db.update(questions).set({ correctAnswer: "D" }).where(eq(questions.id, ids[0]!));
    // Without the regrade nothing moves.
    expect(await rankOf(s1, first)).toEqual({ position: 1, of: 2 });
    const res = await t.request(`/api/admin/quizzes/${quiz.id}/regrade`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(await res.json()).toMatchObject({ attempts: 2, regraded: 2 });
    expect(await rankOf(s2, second)).toEqual({ position: 1, of: 2 });
    expect(await rankOf(s1, first)).toEqual({ position: 2, of: 2 });
    const [[a1], [a2]] = await Promise.all([attemptRows([first]), attemptRows([second])]);
    expect(a1?.score).toBe("5.00");
    expect(a2?.score).toBe("7.50");
    expect(a2?.passed).toBeNull();
  });

  it("refuses students and the wrong kind of id, changing nothing", async () => {
    const { exam, ids, attempts } = await examWithWrongKey();
    await t.db.update(questions).set({ correctAnswer: "B" }).where(eq(questions.id, ids[0]!));
    const before = await everything(ids, Object.values(attempts));
    const refused = await t.request(`/api/admin/exams/${exam.id}/regrade`, {
      method: "POST",
      cookie: s1.cookie,
    });
    expect(refused.status).toBe(403);
    expect(
      (await t.request(`/api/admin/exams/${exam.id}/regrade`, { method: "POST" })).status,
    ).toBe(401);
    const crossed = await t.request(`/api/admin/quizzes/${exam.id}/regrade`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(crossed.status).toBe(404);
    expect(
      (
        await t.request(`/api/admin/exams/${ids[0]}/regrade`, {
          method: "POST",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect(await everything(ids, Object.values(attempts))).toEqual(before);
  });
});
