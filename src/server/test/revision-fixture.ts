// The revision notebook's API tests' shared set-up (modules/revision/revision*.api.test.ts): the
// test app with its users, the clock, and helpers that take attempts through the engine's
// services and read the student's cards.
import { and, asc, eq } from "drizzle-orm";
import { fsrs } from "ts-fsrs";
import type { AttemptKind } from "../../shared/attempt-kinds.ts";
import type { Confidence } from "../../shared/confidence.ts";
import type { OptionKey } from "../../shared/constants.ts";
import { questionSetItems } from "../db/schema/exams.ts";
import { revisionCards } from "../db/schema/revision.ts";
import { startAttempt, submitAttempt } from "../modules/attempts/attempts.service.ts";
import { saveAnswers } from "../modules/attempts/save-answers.ts";
import { createExamFixture } from "./fixtures.ts";
import { setupTestApp } from "./test-app.ts";

/** ts-fsrs as the notebook configures it (whole days, no fuzz): what the dates must be. */
export const expectedScheduler = fsrs({ enable_short_term: false, enable_fuzz: false });
export const DAY = 86_400_000;
export const TZ = "Asia/Kolkata";
/** 09:30 in India on 1 March 2026: every test's clock starts from here. */
export const T0 = new Date(Date.UTC(2026, 2, 1, 4, 0, 0));
export const at = (days: number, minutes = 0) =>
  new Date(T0.getTime() + days * DAY + minutes * 60_000);

export type Choice = { answer: OptionKey | null; confidence?: Confidence | null };

/** The correct key of a fixture question (answers cycle A, B, C, D) and a wrong one. */
export const right = (q: { correctAnswer: OptionKey }) => q.correctAnswer;
export const wrong = (q: { correctAnswer: OptionKey }): OptionKey =>
  q.correctAnswer === "A" ? "B" : "A";

export function keyOf(questions: { id: string; correctAnswer: OptionKey }[]) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return (questionId: string) => {
    const q = byId.get(questionId);
    if (!q) throw new Error(`unknown question ${questionId}`);
    return q;
  };
}

/**
 * The test app (one per test file: its hooks are the calling file's) and the helpers that use its
 * database.
 */
export function setupRevisionTest() {
  const { t, student, other, admin } = setupTestApp({
    users: { student: "student", other: "student", admin: "admin" },
  });

  let seq = 1;

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

  return {
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
    /** The next clientSeq, from the counter `take` uses. */
    nextSeq: () => seq++,
  };
}
