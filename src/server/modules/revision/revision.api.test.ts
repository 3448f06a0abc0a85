import { and, asc, eq, sql } from "drizzle-orm";
import { type Card, createEmptyCard, fsrs, type Grade, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import type { AttemptKind } from "../../../shared/attempt-kinds.ts";
import type { Confidence } from "../../../shared/confidence.ts";
import type { OptionKey } from "../../../shared/constants.ts";
import { REVISION_MESSAGES, UNTIMED_WINDOW_SECONDS } from "../../../shared/practice.ts";
import type { RevisionCardsQuery } from "../../../shared/revision.ts";
import {
  examAttempts,
  questionSetItems,
  questionSets,
  questions as questionsTable,
} from "../../db/schema/exams.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { getStudyStreak } from "../home/home.service.ts";
import { getRevisionSummary, listRevisionCards, resetRevisionCard } from "./revision-cards.ts";
import { createRevisionSession } from "./revision-sessions.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

/** ts-fsrs as the notebook configures it (whole days, no fuzz): what the dates must be. */
const expectedScheduler = fsrs({ enable_short_term: false, enable_fuzz: false });
const DAY = 86_400_000;
const TZ = "Asia/Kolkata";
/** 09:30 in India on 1 March 2026: every test's clock starts from here. */
const T0 = new Date(Date.UTC(2026, 2, 1, 4, 0, 0));
const at = (days: number, minutes = 0) => new Date(T0.getTime() + days * DAY + minutes * 60_000);

let seq = 1;
type Choice = { answer: OptionKey | null; confidence?: Confidence | null };

/** Takes an attempt through the engine's services at `when`, submitting ten minutes later. */
async function take(
  userId: string,
  target: { kind: AttemptKind; id: string },
  questions: { id: string }[],
  choices: (Choice | undefined)[],
  when: Date,
) {
  const session = await startAttempt(t.db, {
    viewer: { userId, role: "student" },
    target,
    now: when,
  });
  const attemptId = session.attempt.id;
  const answers = questions.flatMap((q, i) => {
    const choice = choices[i];
    return choice
      ? [
          {
            questionId: q.id,
            selectedAnswer: choice.answer,
            markedForReview: false,
            confidence: choice.confidence ?? null,
            clientSeq: seq++,
          },
        ]
      : [];
  });
  if (answers.length > 0)
    await saveAnswers(t.db, { userId, attemptId, body: { answers }, now: when });
  await submitAttempt(t.db, { userId, attemptId, now: new Date(when.getTime() + 600_000) });
  return attemptId;
}

/** The correct key of a fixture question (answers cycle A, B, C, D) and a wrong one. */
const right = (q: { correctAnswer: OptionKey }) => q.correctAnswer;
const wrong = (q: { correctAnswer: OptionKey }): OptionKey => (q.correctAnswer === "A" ? "B" : "A");

async function cardsOf(userId: string) {
  return t.db
    .select()
    .from(revisionCards)
    .where(eq(revisionCards.userId, userId))
    .orderBy(asc(revisionCards.questionId));
}

async function cardOf(userId: string, questionId: string) {
  const [card] = await t.db
    .select()
    .from(revisionCards)
    .where(and(eq(revisionCards.userId, userId), eq(revisionCards.questionId, questionId)));
  return card;
}

/** A user of their own with nothing in the notebook yet (each test starts clean). */
async function freshStudent() {
  return t.createUser("student");
}

/** Takes a fresh exam: one wrong answer per question, so every question becomes a card at `when`. */
async function cardsFromExam(userId: string, count: number, when: Date) {
  const { exam, questions } = await createExamFixture(t.db, { questionCount: count });
  const attemptId = await take(
    userId,
    { kind: "exam", id: exam.id },
    questions,
    questions.map((q) => ({ answer: wrong(q) })),
    when,
  );
  return { exam, questions, attemptId };
}

/** Starts and submits a revision session with the given choices (by the set's question order). */
async function revise(
  userId: string,
  setId: string,
  choose: (questionId: string) => Choice | undefined,
  when: Date,
) {
  const items = await t.db
    .select({ id: questionSetItems.questionId })
    .from(questionSetItems)
    .where(eq(questionSetItems.setId, setId));
  return take(
    userId,
    { kind: "revision", id: setId },
    items,
    items.map((i) => choose(i.id)),
    when,
  );
}

function keyOf(questions: { id: string; correctAnswer: OptionKey }[]) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return (questionId: string) => {
    const q = byId.get(questionId);
    if (!q) throw new Error(`unknown question ${questionId}`);
    return q;
  };
}

describe("collecting cards at grading", () => {
  it("collects wrong, skipped, 50:50 and Guess answers, and leaves right Sure and right untagged out", async () => {
    const me = await freshStudent();
    const { exam, questions: q } = await createExamFixture(t.db, { questionCount: 8 });
    const attemptId = await take(
      me.id,
      { kind: "exam", id: exam.id },
      q,
      [
        { answer: wrong(q[0]!) },
        undefined, // never opened: skipped
        { answer: right(q[2]!), confidence: "fifty_fifty" },
        { answer: right(q[3]!), confidence: "guess" },
        { answer: right(q[4]!), confidence: "sure" },
        { answer: right(q[5]!) },
        { answer: wrong(q[6]!), confidence: "sure" },
        { answer: null }, // cleared: skipped
      ],
      T0,
    );
    const cards = await cardsOf(me.id);
    const byQuestion = new Map(cards.map((c) => [c.questionId, c]));
    expect(byQuestion.size).toBe(6);
    expect(byQuestion.has(q[4]!.id)).toBe(false);
    expect(byQuestion.has(q[5]!.id)).toBe(false);
    expect(byQuestion.get(q[0]!.id)).toMatchObject({
      source: "wrong",
      selectedAnswer: wrong(q[0]!),
      confidence: null,
      attemptId,
    });
    expect(byQuestion.get(q[1]!.id)).toMatchObject({ source: "skipped", selectedAnswer: null });
    expect(byQuestion.get(q[2]!.id)).toMatchObject({
      source: "unsure",
      confidence: "fifty_fifty",
    });
    expect(byQuestion.get(q[3]!.id)).toMatchObject({ source: "unsure", confidence: "guess" });
    expect(byQuestion.get(q[6]!.id)).toMatchObject({ source: "wrong", confidence: "sure" });
    expect(byQuestion.get(q[7]!.id)).toMatchObject({ source: "skipped" });
    // A new FSRS card, due at grading (the submit's instant).
    const empty = createEmptyCard(at(0, 10));
    for (const card of cards) {
      expect(card).toMatchObject({
        due: empty.due,
        state: empty.state,
        reps: 0,
        lapses: 0,
        stability: 0,
        masteredAt: null,
        sureStreak: 0,
        lastReview: null,
      });
    }
  });

  it("collects from quizzes and practice tests too, never from an open attempt", async () => {
    const me = await freshStudent();
    const { quiz, questions: qq } = await createQuizFixture(t.db, { publishedOn: "2026-01-01" });
    await take(
      me.id,
      { kind: "quiz", id: quiz.id },
      qq,
      [{ answer: wrong(qq[0]!) }, { answer: right(qq[1]!) }],
      T0,
    );
    const { questions: pq } = await createExamFixture(t.db, { questionCount: 3 });
    const [practice] = await t.db
      .insert(questionSets)
      .values({
        userId: me.id,
        kind: "practice",
        title: "Practice",
        timeLimitSeconds: 600,
        questionCount: 3,
      })
      .returning();
    await t.db
      .insert(questionSetItems)
      .values(pq.map((q, i) => ({ setId: practice!.id, questionId: q.id, position: i + 1 })));
    await take(
      me.id,
      { kind: "practice", id: practice!.id },
      pq,
      [{ answer: right(pq[0]!), confidence: "guess" }, { answer: right(pq[1]!) }],
      T0,
    );
    // An attempt still open puts nothing in the notebook, whatever it holds.
    const { exam: open, questions: oq } = await createExamFixture(t.db, { questionCount: 2 });
    const session = await startAttempt(t.db, {
      viewer: { userId: me.id, role: "student" },
      target: { kind: "exam", id: open.id },
      now: T0,
    });
    await saveAnswers(t.db, {
      userId: me.id,
      attemptId: session.attempt.id,
      body: {
        answers: [
          {
            questionId: oq[0]!.id,
            selectedAnswer: wrong(oq[0]!),
            markedForReview: false,
            clientSeq: seq++,
          },
        ],
      },
      now: T0,
    });

    const cards = await cardsOf(me.id);
    const sources = new Map(cards.map((c) => [c.questionId, c.source]));
    expect(sources.get(qq[0]!.id)).toBe("wrong");
    expect(sources.get(qq[2]!.id)).toBe("skipped");
    expect(sources.get(qq[1]!.id)).toBeUndefined();
    expect(sources.get(pq[0]!.id)).toBe("unsure");
    expect(sources.get(pq[2]!.id)).toBe("skipped");
    expect(sources.get(pq[1]!.id)).toBeUndefined();
    expect(sources.has(oq[0]!.id)).toBe(false);
  });

  it("brings a mastered or not-yet-due card back when it is missed again, and refreshes the answer", async () => {
    const me = await freshStudent();
    const { quiz, questions: q } = await createQuizFixture(t.db, {
      publishedOn: "2026-01-01",
      questionCount: 3,
    });
    const quizTarget = { kind: "quiz" as const, id: quiz.id };
    const firstAttempt = await take(
      me.id,
      quizTarget,
      q,
      q.map((x) => ({ answer: wrong(x) })),
      T0,
    );
    // One card mastered, one due in the future, one overdue.
    await t.db
      .update(revisionCards)
      .set({ masteredAt: at(1), due: at(40), sureStreak: 3 })
      .where(eq(revisionCards.questionId, q[0]!.id));
    await t.db
      .update(revisionCards)
      .set({ due: at(30) })
      .where(eq(revisionCards.questionId, q[1]!.id));
    const overdue = at(-5);
    await t.db
      .update(revisionCards)
      .set({ due: overdue })
      .where(eq(revisionCards.questionId, q[2]!.id));

    const when = at(3);
    const secondAttempt = await take(
      me.id,
      quizTarget,
      q,
      [
        { answer: right(q[0]!), confidence: "guess" },
        { answer: null },
        { answer: wrong(q[2]!), confidence: "fifty_fifty" },
      ],
      when,
    );
    const graded = new Date(when.getTime() + 600_000);
    expect(await cardOf(me.id, q[0]!.id)).toMatchObject({
      source: "unsure",
      confidence: "guess",
      selectedAnswer: right(q[0]!),
      attemptId: secondAttempt,
      masteredAt: null,
      sureStreak: 0,
      due: graded,
    });
    expect(await cardOf(me.id, q[1]!.id)).toMatchObject({
      source: "skipped",
      selectedAnswer: null,
      due: graded,
    });
    // Already due: it keeps its place (most overdue first).
    expect(await cardOf(me.id, q[2]!.id)).toMatchObject({
      source: "wrong",
      confidence: "fifty_fifty",
      due: overdue,
    });
    expect(firstAttempt).not.toBe(secondAttempt);
  });

  it("leaves a card alone when the question is answered right and Sure elsewhere", async () => {
    const me = await freshStudent();
    const { quiz, questions: q } = await createQuizFixture(t.db, {
      publishedOn: "2026-01-01",
      questionCount: 1,
    });
    await take(me.id, { kind: "quiz", id: quiz.id }, q, [{ answer: wrong(q[0]!) }], T0);
    const before = await cardOf(me.id, q[0]!.id);
    await take(
      me.id,
      { kind: "quiz", id: quiz.id },
      q,
      [{ answer: right(q[0]!), confidence: "sure" }],
      at(1),
    );
    expect(await cardOf(me.id, q[0]!.id)).toEqual(before);
  });
});

describe("Save for revision", () => {
  it("saves a question of the student's completed attempt, once", async () => {
    const { exam, questions: q } = await createExamFixture(t.db, { questionCount: 2 });
    const attemptId = await take(
      student.id,
      { kind: "exam", id: exam.id },
      q,
      [{ answer: right(q[0]!), confidence: "sure" }, { answer: right(q[1]!) }],
      T0,
    );
    expect(await cardOf(student.id, q[0]!.id)).toBeUndefined();
    const response = await t.request("/api/revision/cards", {
      cookie: student.cookie,
      body: { questionId: q[0]!.id },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ questionId: q[0]!.id, saved: true });
    const saved = await cardOf(student.id, q[0]!.id);
    expect(saved).toMatchObject({
      source: "saved",
      attemptId,
      selectedAnswer: right(q[0]!),
      confidence: "sure",
      masteredAt: null,
      reps: 0,
    });
    // Saving again changes nothing.
    const again = await t.request("/api/revision/cards", {
      cookie: student.cookie,
      body: { questionId: q[0]!.id },
    });
    expect(again.status).toBe(200);
    expect(await cardOf(student.id, q[0]!.id)).toEqual(saved);

    // The review's toggles read which of the attempt's questions are in the notebook.
    const toggles = await t.request(`/api/revision/attempts/${attemptId}/cards`, {
      cookie: student.cookie,
    });
    expect(await toggles.json()).toEqual({ questionIds: [q[0]!.id] });
  });

  it("refuses a question the student has not answered in a completed attempt, and writes nothing", async () => {
    const me = await freshStudent();
    // Open attempt: the key is not theirs yet.
    const { exam: openExam, questions: oq } = await createExamFixture(t.db, { questionCount: 1 });
    const open = await t.request(`/api/exams/${openExam.id}/attempts`, {
      method: "POST",
      cookie: me.cookie,
    });
    expect(open.status).toBe(200);
    // Another student's completed attempt.
    const { exam: theirs, questions: tq } = await createExamFixture(t.db, { questionCount: 1 });
    await take(other.id, { kind: "exam", id: theirs.id }, tq, [{ answer: wrong(tq[0]!) }], T0);
    // A question nobody has seen, and one that does not exist.
    const { questions: unseen } = await createExamFixture(t.db, { questionCount: 1 });
    for (const questionId of [
      oq[0]!.id,
      tq[0]!.id,
      unseen[0]!.id,
      "00000000-0000-4000-8000-000000000000",
    ]) {
      const response = await t.request("/api/revision/cards", {
        cookie: me.cookie,
        body: { questionId },
      });
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe(
        "Only questions from your completed tests can be saved for revision.",
      );
    }
    for (const body of [{}, { questionId: "nope" }, { questionId: oq[0]!.id, extra: 1 }]) {
      const response = await t.request("/api/revision/cards", { cookie: me.cookie, body });
      expect(response.status).toBe(422);
      expect((await response.json()).error.code).toBe("VALIDATION_FAILED");
    }
    expect(await cardsOf(me.id)).toEqual([]);
  });

  it("is for students only, signed in", async () => {
    const { questions: q } = await createExamFixture(t.db, { questionCount: 1 });
    const visitor = await t.request("/api/revision/cards", { body: { questionId: q[0]!.id } });
    expect(visitor.status).toBe(401);
    const byAdmin = await t.request("/api/revision/summary", { cookie: admin.cookie });
    expect(byAdmin.status).toBe(403);
  });
});

describe("spaced repetition", () => {
  it("rates a session's answers as ts-fsrs says: Again, Hard, Good, Easy", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 6, T0);
    const collected = at(0, 10);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: at(1),
      timeZone: TZ,
    });
    expect(session).toMatchObject({ questionCount: 6, isNew: true });
    const plan: Record<string, Choice | undefined> = {
      [q[0]!.id]: { answer: wrong(q[0]!) },
      [q[1]!.id]: undefined,
      [q[2]!.id]: { answer: right(q[2]!), confidence: "guess" },
      [q[3]!.id]: { answer: right(q[3]!), confidence: "fifty_fifty" },
      [q[4]!.id]: { answer: right(q[4]!) },
      [q[5]!.id]: { answer: right(q[5]!), confidence: "sure" },
    };
    const ratings: Grade[] = [
      Rating.Again,
      Rating.Again,
      Rating.Hard,
      Rating.Hard,
      Rating.Good,
      Rating.Easy,
    ];
    const when = at(1);
    await revise(me.id, session.id, (id) => plan[id], when);
    const rated = new Date(when.getTime() + 600_000);
    for (const [i, question] of q.entries()) {
      const expected = expectedScheduler.next(createEmptyCard(collected), rated, ratings[i]!).card;
      const card = await cardOf(me.id, question.id);
      expect(card, `question ${i}`).toMatchObject({
        due: expected.due,
        state: expected.state,
        reps: expected.reps,
        lapses: expected.lapses,
        scheduledDays: expected.scheduled_days,
        lastReview: rated,
      });
      expect(card?.stability).toBeCloseTo(expected.stability, 6);
      expect(card?.difficulty).toBeCloseTo(expected.difficulty, 6);
    }
    // Whole days: a wrong answer comes back tomorrow, a Sure one a week or more later.
    expect((await cardOf(me.id, q[0]!.id))?.due).toEqual(new Date(rated.getTime() + DAY));
    expect(((await cardOf(me.id, q[5]!.id))?.due.getTime() ?? 0) - rated.getTime()).toBeGreaterThan(
      7 * DAY,
    );
  });

  it("masters a card answered right and Sure three times in a row, and drops it from the due list", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 2, T0);
    const [target, partner] = [q[0]!, q[1]!];
    let card: Card = createEmptyCard(at(0, 10));
    let when = at(1);
    for (let round = 1; round <= 3; round += 1) {
      // Sure and right on the target; the partner is missed, so it stays due every day.
      const session = await createRevisionSession(t.db, {
        viewer: { userId: me.id },
        now: when,
        timeZone: TZ,
      });
      await revise(
        me.id,
        session.id,
        (id) =>
          id === target.id
            ? { answer: right(target), confidence: "sure" }
            : { answer: wrong(partner) },
        when,
      );
      const rated = new Date(when.getTime() + 600_000);
      card = expectedScheduler.next(card, rated, Rating.Easy).card;
      const stored = await cardOf(me.id, target.id);
      expect(stored?.due).toEqual(card.due);
      expect(stored?.sureStreak).toBe(round);
      expect(stored?.masteredAt).toEqual(round === 3 ? rated : null);
      // The next session: after the target's due date (when it would be due again).
      when = new Date(Math.max(card.due.getTime(), rated.getTime() + DAY) + 60_000);
    }
    const summary = await getRevisionSummary(t.db, { userId: me.id, timeZone: TZ, now: when });
    expect(summary).toEqual({ dueToday: 1, total: 2, mastered: 1 });
    const next = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: when,
      timeZone: TZ,
    });
    const items = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, next.id));
    expect(items).toEqual([{ questionId: partner.id }]);
  });

  it("breaks the Sure run on anything else", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 1, T0);
    let when = at(1);
    const choices: Choice[] = [
      { answer: right(q[0]!), confidence: "sure" },
      { answer: right(q[0]!), confidence: "sure" },
      { answer: right(q[0]!) },
      { answer: right(q[0]!), confidence: "sure" },
    ];
    for (const choice of choices) {
      const session = await createRevisionSession(t.db, {
        viewer: { userId: me.id },
        now: when,
        timeZone: TZ,
      });
      await revise(me.id, session.id, () => choice, when);
      const stored = await cardOf(me.id, q[0]!.id);
      when = new Date((stored?.due.getTime() ?? 0) + 60_000);
    }
    expect(await cardOf(me.id, q[0]!.id)).toMatchObject({ sureStreak: 1, masteredAt: null });
  });
});

describe("revision sessions", () => {
  it("draws at most 20 due cards, most overdue first, and hands the same session back until it is done", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 25, T0);
    // Spread the due dates: q[i] due i hours before the draw; two not due yet, one mastered.
    const draw = at(2);
    for (const [i, question] of q.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due: new Date(draw.getTime() - i * 3_600_000) })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, question.id)));
    }
    await t.db
      .update(revisionCards)
      .set({ due: at(5) })
      .where(sql`${revisionCards.questionId} in (${q[24]!.id}, ${q[23]!.id})`);
    await t.db
      .update(revisionCards)
      .set({ masteredAt: at(1) })
      .where(eq(revisionCards.questionId, q[22]!.id));

    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: draw,
      timeZone: TZ,
    });
    const [set] = await t.db.select().from(questionSets).where(eq(questionSets.id, session.id));
    expect(set).toMatchObject({
      userId: me.id,
      kind: "revision",
      title: "Today's revision",
      timed: false,
      timeLimitSeconds: UNTIMED_WINDOW_SECONDS,
      marksPerQuestion: null,
      negativeMarkFraction: null,
      questionCount: 20,
    });
    const items = await t.db
      .select({ questionId: questionSetItems.questionId, position: questionSetItems.position })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, session.id))
      .orderBy(asc(questionSetItems.position));
    // The most overdue are q[21], q[20], ... (q[22] is mastered, q[23] and q[24] not due).
    expect(items.map((i) => i.questionId)).toEqual(
      q
        .slice(2, 22)
        .map((x) => x.id)
        .reverse(),
    );
    const sets = await t.db
      .select({ id: questionSets.id })
      .from(questionSets)
      .where(and(eq(questionSets.userId, me.id), eq(questionSets.kind, "revision")));
    expect(sets).toEqual([{ id: session.id }]);

    // Asked again the same day: the same session, not started yet.
    expect(
      await createRevisionSession(t.db, {
        viewer: { userId: me.id },
        now: at(2, 60),
        timeZone: TZ,
      }),
    ).toMatchObject({
      id: session.id,
      isNew: false,
    });
    // Started and open: the same session, even the next day.
    await startAttempt(t.db, {
      viewer: { userId: me.id, role: "student" },
      target: { kind: "revision", id: session.id },
      now: at(2, 90),
    });
    expect(
      await createRevisionSession(t.db, { viewer: { userId: me.id }, now: at(3), timeZone: TZ }),
    ).toMatchObject({
      id: session.id,
      isNew: false,
    });
  });

  it("takes the cards due later today, as the counts do, and leaves tomorrow's", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 3, T0);
    // 09:30 in India on 2 March; the Indian day ends at 18:30 UTC.
    const now = at(1);
    const dues = [at(1, 60), new Date(Date.UTC(2026, 2, 2, 18, 29)), at(1, 14 * 60 + 31)];
    for (const [i, due] of dues.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[i]!.id)));
    }
    expect((await getRevisionSummary(t.db, { userId: me.id, timeZone: TZ, now })).dueToday).toBe(2);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now,
      timeZone: TZ,
    });
    const items = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, session.id))
      .orderBy(asc(questionSetItems.position));
    expect(items.map((i) => i.questionId)).toEqual([q[0]!.id, q[1]!.id]);
  });

  it("POST /api/revision/sessions answers the new session's id", async () => {
    const me = await freshStudent();
    await cardsFromExam(me.id, 3, T0);
    const response = await t.request("/api/revision/sessions?tz=Asia/Kolkata", {
      method: "POST",
      cookie: me.cookie,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ id: expect.any(String), questionCount: 3, isNew: true });
    const [set] = await t.db.select().from(questionSets).where(eq(questionSets.id, body.id));
    expect(set).toMatchObject({ userId: me.id, kind: "revision", questionCount: 3 });
    // The engine's start screen opens it for its owner.
    const overview = await t.request(`/api/revision/${body.id}/overview`, { cookie: me.cookie });
    expect(overview.status).toBe(200);
  });

  it("submitting a session rates its cards through the engine; nothing due is a 409", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 2, T0);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: at(1),
      timeZone: TZ,
    });
    const attemptId = await revise(
      me.id,
      session.id,
      (id) => ({ answer: right(keyOf(q)(id)) }),
      at(1),
    );
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(attempt?.revisionId).toBe(session.id);
    expect(attempt?.completedAt).not.toBeNull();
    for (const question of q) {
      expect((await cardOf(me.id, question.id))?.reps).toBe(1);
    }
    // Everything is now due days later (Good: three days): nothing to revise today.
    await expect(
      createRevisionSession(t.db, { viewer: { userId: me.id }, now: at(1, 20), timeZone: TZ }),
    ).rejects.toThrow(REVISION_MESSAGES.nothingDue);
    const before = await t.db
      .select({ id: questionSets.id })
      .from(questionSets)
      .where(eq(questionSets.userId, me.id));
    const empty = await freshStudent();
    const refused = await t.request("/api/revision/sessions", {
      method: "POST",
      cookie: empty.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe("Nothing is due for revision today.");
    expect(await t.db.select().from(questionSets).where(eq(questionSets.userId, empty.id))).toEqual(
      [],
    );
    expect(
      await t.db
        .select({ id: questionSets.id })
        .from(questionSets)
        .where(eq(questionSets.userId, me.id)),
    ).toEqual(before);
  });

  it("counts a completed revision session toward today's study time", async () => {
    const me = await freshStudent();
    await cardsFromExam(me.id, 1, at(-1));
    const before = await getStudyStreak(t.db, { userId: me.id, timeZone: TZ, now: at(0, 30) });
    expect(before.studiedHours).toBe(0);
    const session = await createRevisionSession(t.db, {
      viewer: { userId: me.id },
      now: at(0),
      timeZone: TZ,
    });
    await revise(me.id, session.id, () => ({ answer: "A" }), at(0));
    const after = await getStudyStreak(t.db, { userId: me.id, timeZone: TZ, now: at(0, 30) });
    // The session took ten minutes.
    expect(after.studiedHours).toBe(Math.round((600 / 3600) * 100) / 100);
    // Yesterday's exam and today's session: two days in a row.
    expect(after.streakDays).toBe(2);
  });
});

describe("the notebook", () => {
  it("lists the student's cards with filters, the key and the explanation; remove and reset", async () => {
    const me = await freshStudent();
    const [subject] = await t.db
      .insert(subjects)
      .values({ name: `Polity ${Math.random()}` })
      .returning();
    const [topic] = await t.db
      .insert(topics)
      .values({ subjectId: subject!.id, name: "Parliament" })
      .returning();
    const { exam, questions: q } = await createExamFixture(t.db, { questionCount: 4 });
    await t.db
      .update(questionsTable)
      .set({ subjectId: subject!.id, topicId: topic!.id })
      .where(eq(questionsTable.id, q[0]!.id));
    await t.db
      .update(questionsTable)
      .set({ subjectId: subject!.id })
      .where(eq(questionsTable.id, q[1]!.id));
    await take(
      me.id,
      { kind: "exam", id: exam.id },
      q,
      [
        { answer: wrong(q[0]!) },
        { answer: right(q[1]!), confidence: "guess" },
        { answer: null },
        { answer: right(q[3]!), confidence: "sure" },
      ],
      T0,
    );
    const list = (query: Partial<RevisionCardsQuery>) =>
      listRevisionCards(t.db, {
        userId: me.id,
        query: { page: 1, pageSize: 20, ...query },
        now: at(1),
      });
    const all = await list({});
    expect(all.total).toBe(3);
    const first = all.items.find((c) => c.questionId === q[0]!.id);
    expect(first).toMatchObject({
      source: "wrong",
      selectedAnswer: wrong(q[0]!),
      isDue: true,
      subjectName: subject!.name,
      topicName: "Parliament",
      question: {
        id: q[0]!.id,
        questionText: q[0]!.questionText,
        correctAnswer: q[0]!.correctAnswer,
        explanation: q[0]!.explanation,
      },
    });
    expect((await list({ subjectId: subject!.id })).items.map((c) => c.questionId).sort()).toEqual(
      [q[0]!.id, q[1]!.id].sort(),
    );
    expect((await list({ topicId: topic!.id })).items.map((c) => c.questionId)).toEqual([q[0]!.id]);
    expect((await list({ source: "unsure" })).items.map((c) => c.questionId)).toEqual([q[1]!.id]);
    expect((await list({ source: "skipped" })).total).toBe(1);
    expect((await list({ source: "saved" })).total).toBe(0);
    const paged = await list({ pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);

    // Over HTTP: the same list, and 422 for bad filters with nothing changed.
    const response = await t.request(`/api/revision/cards?source=wrong`, { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).items.map((c: { questionId: string }) => c.questionId)).toEqual([
      q[0]!.id,
    ]);
    const before = await cardsOf(me.id);
    for (const query of [
      "source=right",
      "subjectId=polity",
      "page=0",
      "pageSize=101",
      "colour=blue",
    ]) {
      const bad = await t.request(`/api/revision/cards?${query}`, { cookie: me.cookie });
      expect(bad.status, query).toBe(422);
    }

    // Reset schedule: a new card, due now.
    await t.db
      .update(revisionCards)
      .set({ reps: 4, lapses: 1, state: 2, due: at(9), masteredAt: at(2), sureStreak: 3 })
      .where(eq(revisionCards.questionId, q[1]!.id));
    const reset = await resetRevisionCard(t.db, {
      userId: me.id,
      questionId: q[1]!.id,
      now: at(3),
    });
    expect(reset).toEqual({ questionId: q[1]!.id, due: at(3).toISOString() });
    const empty = createEmptyCard(at(3));
    expect(await cardOf(me.id, q[1]!.id)).toMatchObject({
      due: empty.due,
      reps: 0,
      lapses: 0,
      state: empty.state,
      stability: 0,
      difficulty: 0,
      lastReview: null,
      masteredAt: null,
      sureStreak: 0,
      source: "unsure",
    });
    const resetHttp = await t.request(`/api/revision/cards/${q[0]!.id}/reset`, {
      method: "POST",
      cookie: me.cookie,
    });
    expect(resetHttp.status).toBe(200);

    // Remove: the card is gone; removing it again is a 404.
    const removed = await t.request(`/api/revision/cards/${q[2]!.id}`, {
      method: "DELETE",
      cookie: me.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await cardOf(me.id, q[2]!.id)).toBeUndefined();
    const again = await t.request(`/api/revision/cards/${q[2]!.id}`, {
      method: "DELETE",
      cookie: me.cookie,
    });
    expect(again.status).toBe(404);
    expect((await cardsOf(me.id)).map((c) => c.questionId).sort()).toEqual(
      before
        .map((c) => c.questionId)
        .filter((id) => id !== q[2]!.id)
        .sort(),
    );
  });

  it("counts cards due before the end of the student's day, all cards and mastered ones", async () => {
    const me = await freshStudent();
    const { questions: q } = await cardsFromExam(me.id, 5, T0);
    // 09:30 in India on 2 March; the day ends at 18:30 UTC.
    const now = at(1);
    const dues = [at(-2), now, new Date(Date.UTC(2026, 2, 2, 18, 29)), at(1, 14 * 60 + 31), at(4)];
    for (const [i, due] of dues.entries()) {
      await t.db
        .update(revisionCards)
        .set({ due })
        .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[i]!.id)));
    }
    await t.db
      .update(revisionCards)
      .set({ masteredAt: at(0) })
      .where(and(eq(revisionCards.userId, me.id), eq(revisionCards.questionId, q[0]!.id)));
    // In India: q1 and q2 (q0 is mastered; q3 is due at 18:31 UTC, tomorrow in India).
    expect(await getRevisionSummary(t.db, { userId: me.id, timeZone: TZ, now })).toEqual({
      dueToday: 2,
      total: 5,
      mastered: 1,
    });
    // In London the day ends at midnight UTC: q3 is due today there.
    expect(
      await getRevisionSummary(t.db, { userId: me.id, timeZone: "Europe/London", now }),
    ).toEqual({
      dueToday: 3,
      total: 5,
      mastered: 1,
    });
    const response = await t.request("/api/revision/summary?tz=Asia/Kolkata", {
      cookie: me.cookie,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      dueToday: expect.any(Number),
      total: 5,
      mastered: 1,
    });
    // The dashboard carries the same counts.
    const dashboard = await t.request("/api/home/dashboard?tz=Asia/Kolkata", { cookie: me.cookie });
    expect((await dashboard.json()).revision).toMatchObject({ total: 5, mastered: 1 });
  });
});

describe("another student's cards", () => {
  it("refuses every id-taking route and leaves the rows as they were", async () => {
    const { exam, questions: q } = await cardsFromExam(other.id, 2, T0);
    const [theirAttempt] = await t.db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(and(eq(examAttempts.userId, other.id), eq(examAttempts.examId, exam.id)));
    const theirSession = await createRevisionSession(t.db, {
      viewer: { userId: other.id },
      now: at(1),
      timeZone: TZ,
    });
    const before = await cardsOf(other.id);
    const setsBefore = await t.db
      .select()
      .from(questionSets)
      .where(eq(questionSets.userId, other.id));

    const refusals = [
      t.request(`/api/revision/cards/${q[0]!.id}`, { method: "DELETE", cookie: student.cookie }),
      t.request(`/api/revision/cards/${q[0]!.id}/reset`, {
        method: "POST",
        cookie: student.cookie,
      }),
      t.request(`/api/revision/attempts/${theirAttempt!.id}/cards`, { cookie: student.cookie }),
      t.request("/api/revision/cards", { cookie: student.cookie, body: { questionId: q[1]!.id } }),
      t.request(`/api/revision/${theirSession.id}/overview`, { cookie: student.cookie }),
      t.request(`/api/revision/${theirSession.id}/attempts`, {
        method: "POST",
        cookie: student.cookie,
      }),
    ];
    for (const response of await Promise.all(refusals)) expect(response.status).toBe(404);

    // Their cards never show in my list or counts.
    const mine = await t.request("/api/revision/cards?pageSize=100", { cookie: student.cookie });
    const myIds = (await mine.json()).items.map((c: { questionId: string }) => c.questionId);
    expect(myIds).not.toContain(q[0]!.id);
    expect(myIds).not.toContain(q[1]!.id);

    expect(await cardsOf(other.id)).toEqual(before);
    expect(await t.db.select().from(questionSets).where(eq(questionSets.userId, other.id))).toEqual(
      setsBefore,
    );
    expect(
      await t.db.select().from(examAttempts).where(eq(examAttempts.revisionId, theirSession.id)),
    ).toEqual([]);
    expect(await cardOf(student.id, q[1]!.id)).toBeUndefined();
  });

  it("refuses the review toggles of an attempt still open", async () => {
    const me = await freshStudent();
    const { exam } = await createExamFixture(t.db, { questionCount: 1 });
    const started = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: me.cookie,
    });
    const attemptId = (await started.json()).attempt.id as string;
    const response = await t.request(`/api/revision/attempts/${attemptId}/cards`, {
      cookie: me.cookie,
    });
    expect(response.status).toBe(404);
  });
});
