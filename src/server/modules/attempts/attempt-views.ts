import { asc, eq, sql } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import { withoutExplanations } from "../../../shared/question-translations.ts";
import type { Db } from "../../db/client.ts";
import { type examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { keyHolds, withheldKeys } from "../answer-keys/key-gate.ts";
import {
  type AttemptTarget,
  gradeFor,
  loadTarget,
  questionsOf,
  rankOf,
  sealedUntil,
  summaryOf as summaryOfTarget,
  targetOf,
} from "./attempt-target.ts";

type AttemptRow = typeof examAttempts.$inferSelect;

async function requireTarget(db: Db, attempt: AttemptRow): Promise<AttemptTarget> {
  const target = await loadTarget(db, targetOf(attempt));
  if (!target) throw new Error(`target of attempt ${attempt.id} missing`);
  return target;
}

function attemptHeader(attempt: AttemptRow) {
  return {
    id: attempt.id,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    attemptNumber: attempt.attemptNumber,
    /** Included in the deadline: the accommodation granted at the start (decision 048). */
    extraSeconds: attempt.extraSeconds,
  };
}

export type BuildSessionViewInput = {
  attempt: AttemptRow;
  known?: {
    /** The target, when the caller has just loaded it (a start). */
    target?: AttemptTarget;
    /** The attempt was created by this request, so it has no answers yet. */
    isNew?: boolean;
    /** The server's clock at this request (decision 049), which the client counts down on. */
    now?: Date;
  };
};

/**
 * What a student sees while the attempt is open: the questions (in every language they have)
 * WITHOUT correct answers, explanations or correctness, their saved choices, the deadline and the
 * server's clock.
 */
export async function buildSessionView(db: Db, { attempt, known = {} }: BuildSessionViewInput) {
  const ref = targetOf(attempt);
  const target =
    known.target && known.target.kind === ref.kind && known.target.id === ref.id
      ? known.target
      : await requireTarget(db, attempt);
  const [questionRows, answers] = await Promise.all([
    db
      .select({
        id: questions.id,
        questionText: questions.questionText,
        options: questions.options,
        translations: questions.translations,
      })
      .from(questions)
      .where(questionsOf(target))
      .orderBy(asc(questions.createdAt), asc(questions.id)),
    known.isNew
      ? []
      : db
          .select({
            questionId: studentAnswers.questionId,
            selectedAnswer: studentAnswers.selectedAnswer,
            markedForReview: studentAnswers.markedForReview,
            confidence: studentAnswers.confidence,
            clientSeq: studentAnswers.clientSeq,
          })
          .from(studentAnswers)
          .where(eq(studentAnswers.attemptId, attempt.id)),
  ]);
  return {
    status: "in_progress" as const,
    attempt: attemptHeader(attempt),
    ...summaryOfTarget(target),
    questions: questionRows.map((q) => ({
      ...q,
      translations: withoutExplanations(q.translations),
    })),
    answers,
    serverNow: (known.now ?? new Date()).toISOString(),
  };
}

export type BuildReviewViewInput = {
  attempt: AttemptRow;
  viewer: { userId: string; role: Role };
  now: Date;
};

/**
 * The completed attempt with every answer, the correct one and its explanation. A live test's
 * attempt stays sealed until its results are published (decision 047): the view then says when,
 * and carries no answer, key, verdict or score. A question whose key the answer-keys gate holds
 * from `viewer` now (decision 060; one of their open attempts holds it) shows the student's own
 * answer only, with `keyHold` saying why.
 */
export async function buildReviewView(db: Db, { attempt, viewer, now }: BuildReviewViewInput) {
  const target = await requireTarget(db, attempt);
  const sealed = sealedUntil(target);
  const [rows, [student], rank] = await Promise.all([
    sealed
      ? []
      : db
          .select({
            question: {
              id: questions.id,
              questionText: questions.questionText,
              options: questions.options,
              correctAnswer: questions.correctAnswer,
              explanation: questions.explanation,
              translations: questions.translations,
              /** After a key change (decision 064): options also right, or the question dropped. */
              alsoAccepted: questions.alsoAccepted,
              droppedAs: questions.droppedAs,
              /** Its paper (exam or quiz), whose key-change log the review links to. */
              paperId: sql<string>`coalesce(${questions.examId}, ${questions.quizId})`,
            },
            selectedAnswer: studentAnswers.selectedAnswer,
            isCorrect: studentAnswers.isCorrect,
          })
          .from(studentAnswers)
          .innerJoin(questions, eq(questions.id, studentAnswers.questionId))
          .where(eq(studentAnswers.attemptId, attempt.id))
          .orderBy(asc(questions.createdAt), asc(questions.id)),
    db
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, attempt.userId)),
    rankOf(db, { target, attempt }),
  ]);
  const holds = await keyHolds(db, { viewer, questionIds: rows.map((r) => r.question.id), now });
  // A graded answer keeps the verdict it got at grading (is_correct), even if an admin has since
  // changed that question's key, so the counts agree with the stored score.
  // A question dropped out of the total is not counted (verdict.ts).
  const { tally } = gradeFor(
    target,
    rows
      .filter((r) => r.question.droppedAs !== "exclude")
      .map((r) =>
        r.isCorrect === null
          ? { correctAnswer: r.question.correctAnswer, selectedAnswer: r.selectedAnswer }
          : {
              correctAnswer: "A" as const,
              selectedAnswer:
                r.selectedAnswer === null ? null : r.isCorrect ? ("A" as const) : ("B" as const),
            },
      ),
  );
  return {
    status: attempt.completedAt ? ("completed" as const) : ("in_progress" as const),
    /** Until when the result is sealed (a live test before publication), or null. */
    sealedUntil: sealed?.toISOString() ?? null,
    attempt: {
      ...attemptHeader(attempt),
      completedAt: attempt.completedAt?.toISOString() ?? null,
      timeTakenSeconds: attempt.timeTakenSeconds,
      score: attempt.score === null || sealed ? null : Number(attempt.score),
      passed: sealed ? null : attempt.passed,
      isRanked: attempt.isRanked,
      /** When an admin's key correction changed this attempt's grading (decision 036), or null. */
      regradedAt: attempt.regradedAt?.toISOString() ?? null,
    },
    student: student ?? null,
    ...summaryOfTarget(target),
    rank,
    tally: {
      total: tally.total,
      correct: tally.correct,
      wrong: tally.wrong,
      unanswered: tally.unanswered,
      marksObtained: tally.marksObtained,
      maxMarks: tally.maxMarks,
    },
    answers: withheldKeys(rows, holds),
  };
}

export type SessionView = Awaited<ReturnType<typeof buildSessionView>>;
export type ReviewView = Awaited<ReturnType<typeof buildReviewView>>;
