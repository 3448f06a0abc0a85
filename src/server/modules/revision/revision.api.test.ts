import { eq } from "drizzle-orm";
import { type Card, createEmptyCard, type Grade, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { questionSetItems, questionSets } from "../../db/schema/exams.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { createExamFixture, createQuizFixture } from "../../test/fixtures.ts";
import {
  at,
  type Choice,
  DAY,
  expectedScheduler,
  right,
  setupRevisionTest,
  T0,
  TZ,
  wrong,
} from "../../test/revision-fixture.ts";
import { startAttempt } from "../attempts/attempts.service.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { getRevisionSummary } from "./revision-cards.ts";
import { createRevisionSession } from "./revision-sessions.ts";

const {
  t,
  student,
  other,
  admin,
  take,
  cardsOf,
  cardOf,
  freshStudent,
  cardsFromExam,
  revise,
  nextSeq,
} = setupRevisionTest();

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
            clientSeq: nextSeq(),
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
