import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import { entryAt, type LiveSchedule } from "../../../shared/live-tests.ts";
import {
  examAttempts,
  exams,
  liveTests,
  questionSetItems,
  questionSets,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { liveTestRegistrations, liveTestResults } from "../../db/schema/live-tests.ts";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { pyqAnswers } from "../../db/schema/pyq.ts";
import { keyChanges, questionReports } from "../../db/schema/question-reports.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { errorOf, setupTestApp, type TestUser } from "../../test/test-app.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { publishDueLiveTests } from "../attempts/live-results.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { applyKeyChange, type KeyChangeRequest } from "./apply-key-change.ts";
import { runKeyChangeRegrades } from "./key-change-regrade.ts";

// Key changes (decision 064): a key changed or a question dropped regrades every completed
// attempt that holds the question, exactly once, redoes the ranks students see, tells each
// student whose score or rank changed, and is logged for everyone behind the answer-keys gate.

const { t, a, b, c, d, admin } = setupTestApp({
  users: { a: "student", b: "student", c: "student", d: "student", admin: "admin" },
});
const AT = new Date(Date.UTC(2026, 5, 1, 5, 0));
const MINUTE = 60_000;
let seq = 1;

type Ref = { kind: "exam" | "quiz" | "live" | "practice"; id: string };

/** Starts, answers (one choice per question, null: blank) and submits `seconds` later. */
async function take(
  user: TestUser,
  ref: Ref,
  qs: { id: string }[],
  choices: (OptionKey | null)[],
  seconds: number,
  at = AT,
) {
  const session = await startAttempt(t.db, {
    viewer: { userId: user.id, role: "student" },
    target: ref,
    now: at,
  });
  await saveAnswers(t.db, {
    userId: user.id,
    attemptId: session.attempt.id,
    body: {
      answers: qs.map((q, i) => ({
        questionId: q.id,
        selectedAnswer: choices[i] ?? null,
        markedForReview: false,
        clientSeq: seq++,
      })),
    },
    now: at,
  });
  await submitAttempt(t.db, {
    userId: user.id,
    attemptId: session.attempt.id,
    now: new Date(at.getTime() + seconds * 1000),
  });
  return session.attempt.id;
}

const change = (questionId: string, request: KeyChangeRequest, now = AT) =>
  t.db.transaction((tx) =>
    applyKeyChange(tx, {
      questionId,
      change: request,
      reason: "The official source gives another answer.",
      actorId: admin.id,
      now,
    }),
  );

const scores = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: examAttempts.id, score: examAttempts.score })
        .from(examAttempts)
        .where(inArray(examAttempts.id, ids))
    ).map((r) => [r.id, Number(r.score)]),
  );

const told = (kind: "scoreChanged", users: TestUser[]) =>
  t.db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, kind),
        inArray(
          outbox.userId,
          users.map((u) => u.id),
        ),
      ),
    )
    .orderBy(asc(outbox.createdAt));

describe("a key change", () => {
  it("regrades every completed attempt holding the question exactly once, and tells each student whose score or rank changed", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    const ref = { kind: "exam" as const, id: exam.id };
    // Keys A, B, C, D. a: all right (100%); b: the last one C (75%), faster; c: half (50%).
    const aId = await take(a, ref, qs, ["A", "B", "C", "D"], 100);
    const bId = await take(b, ref, qs, ["A", "B", "C", "C"], 50);
    const cId = await take(c, ref, qs, ["A", "B", "A", "A"], 80);
    const before = await told("scoreChanged", [a, b, c]);

    const applied = await change(qs[3]?.id ?? "", { kind: "key", answers: ["C"] });
    expect(applied).toMatchObject({ kind: "key", oldAnswers: ["D"], newAnswers: ["C"] });
    expect(await runKeyChangeRegrades(t.db, { now: AT })).toBe(1);

    expect(await scores([aId, bId, cId])).toEqual({ [aId]: 75, [bId]: 100, [cId]: 50 });
    const verdicts = await t.db
      .select({ attemptId: studentAnswers.attemptId, isCorrect: studentAnswers.isCorrect })
      .from(studentAnswers)
      .where(eq(studentAnswers.questionId, qs[3]?.id ?? ""));
    expect(Object.fromEntries(verdicts.map((v) => [v.attemptId, v.isCorrect]))).toEqual({
      [aId]: false,
      [bId]: true,
      [cId]: false,
    });
    const [row] = await t.db.select().from(keyChanges).where(eq(keyChanges.id, applied.id));
    expect(row).toMatchObject({ attemptsRegraded: 3, studentsTold: 2 });
    expect(row?.regradedAt).not.toBeNull();

    // a fell from 1st to 2nd, b rose from 2nd to 1st; c's score and rank stayed: not told.
    const messages = (await told("scoreChanged", [a, b, c])).slice(before.length);
    expect(messages.map((m) => [m.userId, m.payload])).toEqual(
      expect.arrayContaining([
        [
          a.id,
          expect.objectContaining({
            oldScore: "100%",
            newScore: "75%",
            oldRank: 1,
            newRank: 2,
            of: 3,
            url: `/results/${aId}`,
          }),
        ],
        [
          b.id,
          expect.objectContaining({
            oldScore: "75%",
            newScore: "100%",
            oldRank: 2,
            newRank: 1,
            of: 3,
          }),
        ],
      ]),
    );
    expect(messages).toHaveLength(2);

    // Run again: nothing is pending, nothing changes, nobody is told twice.
    expect(await runKeyChangeRegrades(t.db, { now: new Date(AT.getTime() + MINUTE) })).toBe(0);
    expect(await scores([aId, bId, cId])).toEqual({ [aId]: 75, [bId]: 100, [cId]: 50 });
    expect(await told("scoreChanged", [a, b, c])).toHaveLength(before.length + 2);
  });

  it("accepts several options, and an attempt submitted afterwards is graded with them", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    const ref = { kind: "exam" as const, id: exam.id };
    const aId = await take(a, ref, qs, ["A", "B", "C", "B"], 100);
    await change(qs[3]?.id ?? "", { kind: "key", answers: ["D", "B"] });
    await runKeyChangeRegrades(t.db, { now: AT });
    const [question] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, qs[3]?.id ?? ""));
    expect(question).toMatchObject({ correctAnswer: "D", alsoAccepted: ["B"] });
    const bId = await take(
      b,
      ref,
      qs,
      ["A", "B", "C", "B"],
      60,
      new Date(AT.getTime() + 10 * MINUTE),
    );
    expect(await scores([aId, bId])).toEqual({ [aId]: 100, [bId]: 100 });
  });

  it("drops a question by its paper's rule: everyone gets its marks, or it leaves the total", async () => {
    // A quiz (10 marks, 4 questions) awards a dropped question's marks to everyone, blank too.
    const { quiz, questions: quizQs } = await createQuizFixture(t.db, {
      questionCount: 4,
      totalMarks: 10,
      publishedOn: "2026-01-01",
    });
    const quizRef = { kind: "quiz" as const, id: quiz.id };
    const qa = await take(a, quizRef, quizQs, ["A", "B", null, "A"], 30);
    expect(await scores([qa])).toEqual({ [qa]: 5 });
    const dropped = await change(quizQs[2]?.id ?? "", { kind: "drop" });
    expect(dropped).toMatchObject({ kind: "drop", dropRule: "award" });
    await runKeyChangeRegrades(t.db, { now: AT });
    expect(await scores([qa])).toEqual({ [qa]: 7.5 });

    // An exam whose rule is to leave it out: 2 right of the 3 that count.
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    await t.db.update(exams).set({ dropRule: "exclude" }).where(eq(exams.id, exam.id));
    const ea = await take(a, { kind: "exam", id: exam.id }, qs, ["A", "B", "A", "A"], 30);
    expect(await scores([ea])).toEqual({ [ea]: 50 });
    await change(qs[3]?.id ?? "", { kind: "drop" });
    await runKeyChangeRegrades(t.db, { now: AT });
    expect(await scores([ea])).toEqual({ [ea]: 66.67 });
    const review = await t.client(a).attempts[":id"].$get({ param: { id: ea } });
    const body = (await review.json()) as {
      tally: { total: number; correct: number; wrong: number };
    };
    expect(body.tally).toMatchObject({ total: 3, correct: 2, wrong: 1 });

    // A dropped question's key can no longer change, nor be dropped again; nothing is written.
    const keysBefore = await t.db.select().from(keyChanges);
    for (const request of [
      { kind: "drop" },
      { kind: "key", answers: ["A"] },
    ] satisfies KeyChangeRequest[]) {
      await expect(change(qs[3]?.id ?? "", request)).rejects.toMatchObject({ code: "CONFLICT" });
    }
    expect(await t.db.select().from(keyChanges)).toEqual(keysBefore);
  });

  it("refuses the key it already has, and an unknown question, changing nothing", async () => {
    const { questions: qs } = await createExamFixture(t.db, { questionCount: 2 });
    const [questionBefore] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, qs[0]?.id ?? ""));
    const keysBefore = await t.db.select().from(keyChanges);
    await expect(change(qs[0]?.id ?? "", { kind: "key", answers: ["A"] })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(
      change("00000000-0000-4000-8000-000000000000", { kind: "key", answers: ["B"] }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [questionAfter] = await t.db
      .select()
      .from(questions)
      .where(eq(questions.id, qs[0]?.id ?? ""));
    expect(questionAfter).toEqual(questionBefore);
    expect(await t.db.select().from(keyChanges)).toEqual(keysBefore);
  });

  it("reaches practice tests drawn with the question and the previous-year explorer's verdicts", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 2 });
    const q = qs[1];
    if (!q) throw new Error("no question");
    const [set] = await t.db
      .insert(questionSets)
      .values({
        userId: a.id,
        kind: "practice",
        title: "Practice",
        timeLimitSeconds: 600,
        questionCount: 2,
      })
      .returning();
    if (!set) throw new Error("no set");
    await t.db
      .insert(questionSetItems)
      .values(qs.map((x, i) => ({ setId: set.id, questionId: x.id, position: i })));
    const practice = await take(a, { kind: "practice", id: set.id }, qs, ["A", "C"], 40);
    await t.db
      .insert(pyqAnswers)
      .values({ userId: b.id, questionId: q.id, selectedAnswer: "C", isCorrect: false });
    expect(await scores([practice])).toEqual({ [practice]: 50 });

    await change(q.id, { kind: "key", answers: ["C"] });
    await runKeyChangeRegrades(t.db, { now: AT });
    expect(await scores([practice])).toEqual({ [practice]: 100 });
    const [pyq] = await t.db
      .select()
      .from(pyqAnswers)
      .where(and(eq(pyqAnswers.userId, b.id), eq(pyqAnswers.questionId, q.id)));
    expect(pyq?.isCorrect).toBe(true);
    // The practice test has no rank: a's message gives the scores only.
    const [message] = (await told("scoreChanged", [a])).filter(
      (m) => m.payload.url === `/results/${practice}`,
    );
    expect(message?.payload).toMatchObject({ oldScore: "50%", newScore: "100%" });
    expect(message?.payload).not.toHaveProperty("newRank");
    expect(exam.id).toBeTruthy();
  });
});

describe("a live test", () => {
  // 10:00 India time, far ahead.
  const opensAt = new Date(Date.UTC(2031, 2, 3, 4, 30));

  it("tells nobody before its results are out, and redoes the published ranks after", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 4 });
    const schedule: LiveSchedule = {
      opensAt,
      entryMinutes: 3,
      durationMinutes: 30,
      resultsAt: null,
    };
    await t.db.insert(liveTests).values({ examId: exam.id, ...schedule });
    const ids = new Map<string, string>();
    const choices: Record<string, OptionKey[]> = {
      [a.id]: ["A", "B", "C", "D"],
      [b.id]: ["A", "B", "C", "A"],
      [c.id]: ["A", "A", "A", "A"],
    };
    for (const [i, user] of [a, b, c].entries()) {
      await t.db
        .insert(liveTestRegistrations)
        .values({ examId: exam.id, userId: user.id, displayName: `N${i}` });
      const at = entryAt(schedule, exam.id, user.id);
      ids.set(
        user.id,
        await take(user, { kind: "live", id: exam.id }, qs, choices[user.id] ?? [], 300 + i, at),
      );
    }
    const before = await told("scoreChanged", [a, b, c]);

    // Before publication: scores are regraded, nobody is told, the log shows no key.
    await change(
      qs[1]?.id ?? "",
      { kind: "key", answers: ["A"] },
      new Date(opensAt.getTime() + 40 * MINUTE),
    );
    await runKeyChangeRegrades(t.db, { now: new Date(opensAt.getTime() + 40 * MINUTE) });
    expect(await scores([ids.get(c.id) ?? ""])).toEqual({ [ids.get(c.id) ?? ""]: 50 });
    expect(await told("scoreChanged", [a, b, c])).toHaveLength(before.length);
    const sealed = await t.client(a).exams[":id"]["key-changes"].$get({ param: { id: exam.id } });
    const sealedLog = await sealed.json();
    expect(sealedLog.items).toEqual([
      expect.objectContaining({
        number: 2,
        kind: "key",
        keyHold: "live_unpublished",
        change: null,
      }),
    ]);

    // Published: a 75, b 50, c 50. Then question 4's key becomes A: b and c rise.
    expect(await publishDueLiveTests(t.db, new Date(opensAt.getTime() + 2 * 60 * MINUTE))).toBe(1);
    const rankOf = async () =>
      Object.fromEntries(
        (await t.db.select().from(liveTestResults).where(eq(liveTestResults.examId, exam.id))).map(
          (r) => [r.userId, r.rank],
        ),
      );
    expect(await rankOf()).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 3 });
    await change(
      qs[3]?.id ?? "",
      { kind: "key", answers: ["A"] },
      new Date(opensAt.getTime() + 3 * 60 * MINUTE),
    );
    await runKeyChangeRegrades(t.db, { now: new Date(opensAt.getTime() + 3 * 60 * MINUTE) });
    // a 50 (took 300 s), b 75, c 75 (took 302 s).
    expect(await rankOf()).toEqual({ [a.id]: 3, [b.id]: 1, [c.id]: 2 });
    const [live] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    expect(Number(live?.publishedAverage)).toBeCloseTo(66.67, 1);
    const messages = (await told("scoreChanged", [a, b, c])).slice(before.length);
    expect(messages.map((m) => [m.userId, m.payload.oldRank, m.payload.newRank]).sort()).toEqual(
      [
        [a.id, 1, 3],
        [b.id, 2, 1],
        [c.id, 3, 2],
      ].sort(),
    );
  });
});

describe("the key-change log", () => {
  it("shows what changed only to readers for whom the gate opens the question's key", async () => {
    const { exam, questions: qs } = await createExamFixture(t.db, { questionCount: 3 });
    await take(a, { kind: "exam", id: exam.id }, qs, ["A", "C", "C"], 60);
    const applied = await change(qs[1]?.id ?? "", { kind: "key", answers: ["C", "B"] });
    // b reported it and agreed to be credited; c reported it and did not.
    await t.db.insert(questionReports).values([
      {
        questionId: qs[1]?.id ?? "",
        userId: b.id,
        reason: "wrong_key",
        creditMe: true,
        status: "key_changed",
        resolvedAt: AT,
        keyChangeId: applied.id,
      },
      {
        questionId: qs[1]?.id ?? "",
        userId: c.id,
        reason: "wrong_key",
        creditMe: false,
        status: "key_changed",
        resolvedAt: AT,
        keyChangeId: applied.id,
      },
    ]);
    await runKeyChangeRegrades(t.db, { now: AT });
    const [bProfile] = await t.db
      .select({ name: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, b.id));
    const bName = bProfile?.name ?? "";

    const read = async (user: TestUser | null) => {
      const response = await (user ? t.client(user) : t.client()).exams[":id"]["key-changes"].$get({
        param: { id: exam.id },
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    const answered = await read(a);
    expect(answered.paper).toMatchObject({ kind: "exam", id: exam.id, title: exam.title });
    expect(answered.items).toEqual([
      expect.objectContaining({
        number: 2,
        kind: "key",
        regraded: true,
        keyHold: null,
        change: expect.objectContaining({
          oldAnswers: ["B"],
          newAnswers: ["C", "B"],
          reason: "The official source gives another answer.",
          credits: [bName],
        }),
      }),
    ]);
    // Someone who never answered it, and a visitor: the number and the day, not the key.
    for (const reader of [d, null]) {
      const held = await read(reader);
      expect(held.items).toEqual([
        expect.objectContaining({ number: 2, keyHold: "unanswered", change: null }),
      ]);
      expect(JSON.stringify(held)).not.toContain("official source");
    }
    // An admin reads everything.
    expect((await read(admin)).items[0]?.change?.newAnswers).toEqual(["C", "B"]);
  });

  it("answers 404 for an unknown paper and a quiz not yet published", async () => {
    const { quiz } = await createQuizFixture(t.db, { questionCount: 1, publishedOn: "2099-01-01" });
    for (const id of ["00000000-0000-4000-8000-000000000000", quiz.id]) {
      const response = await t.client(a).exams[":id"]["key-changes"].$get({ param: { id } });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    const adminRead = await t
      .client(admin)
      .exams[":id"]["key-changes"].$get({ param: { id: quiz.id } });
    expect(adminRead.status).toBe(200);
    expect(
      await t.db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quiz.id)),
    ).toHaveLength(1);
  });
});
