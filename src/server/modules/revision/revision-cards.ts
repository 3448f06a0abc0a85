import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { pageOf } from "../../../shared/page.ts";
import {
  MASTERED_AFTER_SURE_IN_A_ROW,
  REVISION_CARD_MESSAGES,
  type RevisionCardsQuery,
} from "../../../shared/revision.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import { keyHolds, withheldKeys } from "../answer-keys/key-gate.ts";
import {
  newCardColumns,
  type RevisionResult,
  ratingFor,
  type ScheduleColumns,
  scheduler,
  toCard,
  toColumns,
} from "./revision-schedule.ts";

const cardNotFound = () => new AppError("NOT_FOUND", REVISION_CARD_MESSAGES.cardNotFound);

/** The values of a new card's FSRS columns, in `SCHEDULE_COLUMNS` order, for a raw insert. */
function newCardValues(now: Date): SQL {
  const card = newCardColumns(now);
  return sql`${card.due.toISOString()}::timestamptz, ${card.stability}::float8, ${card.difficulty}::float8,
             ${card.elapsedDays}::int, ${card.scheduledDays}::int, ${card.learningSteps}::int,
             ${card.reps}::int, ${card.lapses}::int, ${card.state}::smallint`;
}
const SCHEDULE_COLUMNS = sql.raw(
  "due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state",
);

export type CollectRevisionCardsInput = {
  attempt: { id: string; userId: string };
  now: Date;
};

/**
 * Puts a just-graded attempt's missed questions in its student's notebook, in the grading
 * transaction (`attempts/attempt-grading.ts`, for exams, quizzes and practice tests; after
 * `markAnswers`, when the attempt's answer rows hold every question of its target with its
 * verdict): one card for each question answered wrong, skipped, or tagged 50:50 or Guess, new
 * and due now. A question already in the notebook takes the new answer and its source, and
 * comes back (due now, no longer mastered) if it was mastered or not due yet. One statement;
 * rows in question order, so two gradings for one student lock cards the same way round.
 */
export async function collectRevisionCards(
  tx: DbOrTx,
  { attempt, now }: CollectRevisionCardsInput,
): Promise<void> {
  await tx.execute(sql`
    insert into ${revisionCards} as c
      (user_id, question_id, source, attempt_id, selected_answer, confidence, ${SCHEDULE_COLUMNS}, created_at)
    select ${attempt.userId}, sa.question_id,
           case when sa.selected_answer is null then 'skipped'
                when not coalesce(sa.is_correct, false) then 'wrong'
                else 'unsure' end,
           sa.attempt_id, sa.selected_answer, sa.confidence, ${newCardValues(now)},
           ${now.toISOString()}::timestamptz
      from ${studentAnswers} sa
     where sa.attempt_id = ${attempt.id}
       and (sa.selected_answer is null or not coalesce(sa.is_correct, false)
            or sa.confidence in ('fifty_fifty', 'guess'))
     order by sa.question_id
    on conflict (user_id, question_id) do update
       set source = excluded.source,
           attempt_id = excluded.attempt_id,
           selected_answer = excluded.selected_answer,
           confidence = excluded.confidence,
           due = least(c.due, excluded.due),
           mastered_at = null,
           sure_streak = 0`);
}

/** A graded attempt's answers as the scheduler reads them (after `markAnswers`: every question). */
export async function markedAnswersOf(tx: DbOrTx, attemptId: string): Promise<RevisionResult[]> {
  return tx
    .select({
      questionId: studentAnswers.questionId,
      selectedAnswer: studentAnswers.selectedAnswer,
      isCorrect: sql<boolean>`coalesce(${studentAnswers.isCorrect}, false)`,
      confidence: studentAnswers.confidence,
    })
    .from(studentAnswers)
    .where(eq(studentAnswers.attemptId, attemptId));
}

export type RateCardsInput = {
  userId: string;
  results: RevisionResult[];
  now: Date;
};

/**
 * Rates the student's cards with a revision session's answers (`revision-schedule.ts#ratingFor`)
 * and moves each to the date ts-fsrs gives. A card answered right and Sure for the third time in
 * a row is mastered (`mastered_at`) and leaves the due list. Cards the student removed meanwhile,
 * or already mastered, are left alone. Rows are locked, then written, in question order.
 */
export async function rateCards(
  tx: DbOrTx,
  { userId, results, now }: RateCardsInput,
): Promise<void> {
  if (results.length === 0) return;
  const byQuestion = new Map(results.map((r) => [r.questionId, r]));
  const cards = await tx
    .select()
    .from(revisionCards)
    .where(
      and(
        eq(revisionCards.userId, userId),
        inArray(revisionCards.questionId, [...byQuestion.keys()]),
        isNull(revisionCards.masteredAt),
      ),
    )
    .orderBy(asc(revisionCards.questionId))
    .for("update");
  const updates = cards.flatMap((card) => {
    const result = byQuestion.get(card.questionId);
    if (!result) return [];
    const next = toColumns(scheduler.next(toCard(card), now, ratingFor(result)).card);
    const sure = result.selectedAnswer !== null && result.isCorrect && result.confidence === "sure";
    const sureStreak = sure ? card.sureStreak + 1 : 0;
    return [
      {
        question_id: card.questionId,
        ...jsonSchedule(next),
        sure_streak: sureStreak,
        mastered_at: sureStreak >= MASTERED_AFTER_SURE_IN_A_ROW ? now.toISOString() : null,
      },
    ];
  });
  if (updates.length === 0) return;
  await tx.execute(sql`
    update ${revisionCards} c
       set due = u.due, stability = u.stability, difficulty = u.difficulty,
           elapsed_days = u.elapsed_days, scheduled_days = u.scheduled_days,
           learning_steps = u.learning_steps, reps = u.reps, lapses = u.lapses, state = u.state,
           last_review = u.last_review, sure_streak = u.sure_streak, mastered_at = u.mastered_at
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as u(
             question_id uuid, due timestamptz, stability float8, difficulty float8,
             elapsed_days int, scheduled_days int, learning_steps int, reps int, lapses int,
             state smallint, last_review timestamptz, sure_streak smallint, mastered_at timestamptz)
     where c.user_id = ${userId} and c.question_id = u.question_id`);
}

function jsonSchedule(card: ScheduleColumns) {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview?.toISOString() ?? null,
  };
}

export type SaveRevisionCardInput = {
  userId: string;
  questionId: string;
  now: Date;
};

/**
 * "Save for revision": adds the question to the student's notebook (source 'saved', due now),
 * with their answer from their newest completed attempt that had it. Only a question of one of
 * their completed attempts can be saved (its key is theirs to see): anything else is a 404 and
 * writes nothing. Saving a question already in the notebook changes nothing.
 */
export async function saveRevisionCard(db: Db, { userId, questionId, now }: SaveRevisionCardInput) {
  return db.transaction(async (tx) => {
    const [answered] = await tx
      .select({
        attemptId: studentAnswers.attemptId,
        selectedAnswer: studentAnswers.selectedAnswer,
        confidence: studentAnswers.confidence,
      })
      .from(studentAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, studentAnswers.attemptId))
      .where(
        and(
          eq(studentAnswers.questionId, questionId),
          eq(examAttempts.userId, userId),
          isNotNull(examAttempts.completedAt),
        ),
      )
      .orderBy(desc(examAttempts.completedAt))
      .limit(1);
    if (!answered) throw new AppError("NOT_FOUND", REVISION_CARD_MESSAGES.notSavable);
    await tx
      .insert(revisionCards)
      .values({ userId, questionId, source: "saved", ...answered, ...newCardColumns(now) })
      .onConflictDoNothing();
    return { questionId, saved: true as const };
  });
}

export type RemoveRevisionCardInput = {
  userId: string;
  questionId: string;
};

/** "Remove": takes the question out of the student's notebook. */
export async function removeRevisionCard(db: Db, { userId, questionId }: RemoveRevisionCardInput) {
  const [removed] = await db
    .delete(revisionCards)
    .where(and(eq(revisionCards.userId, userId), eq(revisionCards.questionId, questionId)))
    .returning({ questionId: revisionCards.questionId });
  if (!removed) throw cardNotFound();
  return { questionId, removed: true as const };
}

export type ResetRevisionCardInput = {
  userId: string;
  questionId: string;
  now: Date;
};

/** "Reset schedule": the card starts again as a new FSRS card, due now (and not mastered). */
export async function resetRevisionCard(
  db: Db,
  { userId, questionId, now }: ResetRevisionCardInput,
) {
  const [reset] = await db
    .update(revisionCards)
    .set({ ...newCardColumns(now), sureStreak: 0, masteredAt: null })
    .where(and(eq(revisionCards.userId, userId), eq(revisionCards.questionId, questionId)))
    .returning({ questionId: revisionCards.questionId, due: revisionCards.due });
  if (!reset) throw cardNotFound();
  return { questionId, due: reset.due.toISOString() };
}

export type ListAttemptCardIdsInput = {
  userId: string;
  attemptId: string;
};

/**
 * Which questions of one of the student's completed attempts are in their notebook (the review's
 * "Save for revision" toggles). Another student's attempt, or one still open, is a 404.
 */
export async function listAttemptCardIds(
  tx: DbOrTx,
  { userId, attemptId }: ListAttemptCardIdsInput,
) {
  const [attempt] = await tx
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.userId, userId),
        isNotNull(examAttempts.completedAt),
      ),
    );
  if (!attempt) throw new AppError("NOT_FOUND", "Attempt not found.");
  const rows = await tx
    .select({ questionId: revisionCards.questionId })
    .from(revisionCards)
    .innerJoin(
      studentAnswers,
      and(
        eq(studentAnswers.questionId, revisionCards.questionId),
        eq(studentAnswers.attemptId, attemptId),
      ),
    )
    .where(eq(revisionCards.userId, userId));
  return { questionIds: rows.map((r) => r.questionId) };
}

export type ListRevisionCardsInput = {
  userId: string;
  query: RevisionCardsQuery;
  now: Date;
};

/**
 * The notebook, one page: the student's cards (filtered by the question's subject or topic, or
 * by source), soonest due first, each with the question, the student's earlier answer, the key
 * and the explanation. Every card is a question the student answered in a completed attempt
 * (collected at grading, or saved from a completed review), so its key is theirs to see.
 */
export async function listRevisionCards(db: Db, { userId, query, now }: ListRevisionCardsInput) {
  const where = and(
    eq(revisionCards.userId, userId),
    query.source ? eq(revisionCards.source, query.source) : undefined,
    query.subjectId ? eq(questions.subjectId, query.subjectId) : undefined,
    query.topicId ? eq(questions.topicId, query.topicId) : undefined,
  );
  const byQuestion = Boolean(query.subjectId || query.topicId);
  // The page's cards first (the student's index range, joined to questions only to filter),
  // then the questions of those few: a late page does not join every card before it.
  const keys = db.select({ questionId: revisionCards.questionId }).from(revisionCards).$dynamic();
  const counted = db.select({ n: count() }).from(revisionCards).$dynamic();
  if (byQuestion) {
    keys.innerJoin(questions, eq(questions.id, revisionCards.questionId));
    counted.innerJoin(questions, eq(questions.id, revisionCards.questionId));
  }
  const page = keys
    .where(where)
    .orderBy(asc(revisionCards.due), asc(revisionCards.questionId))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as("page");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        questionId: revisionCards.questionId,
        source: revisionCards.source,
        attemptId: revisionCards.attemptId,
        selectedAnswer: revisionCards.selectedAnswer,
        confidence: revisionCards.confidence,
        due: revisionCards.due,
        reps: revisionCards.reps,
        lapses: revisionCards.lapses,
        lastReview: revisionCards.lastReview,
        masteredAt: revisionCards.masteredAt,
        createdAt: revisionCards.createdAt,
        question: {
          id: questions.id,
          questionText: questions.questionText,
          options: questions.options,
          correctAnswer: questions.correctAnswer,
          explanation: questions.explanation,
          translations: questions.translations,
        },
        subjectName: subjects.name,
        topicName: topics.name,
      })
      .from(page)
      .innerJoin(
        revisionCards,
        and(eq(revisionCards.userId, userId), eq(revisionCards.questionId, page.questionId)),
      )
      .innerJoin(questions, eq(questions.id, revisionCards.questionId))
      .leftJoin(subjects, eq(subjects.id, questions.subjectId))
      .leftJoin(topics, eq(topics.id, questions.topicId))
      .orderBy(asc(revisionCards.due), asc(revisionCards.questionId)),
    counted.where(where),
  ]);
  // The notebook shows keys: only those the answer-keys gate lets out now (decision 060).
  const holds = await keyHolds(db, {
    viewer: { userId, role: "student" },
    questionIds: rows.map((r) => r.questionId),
    now,
  });
  const items = withheldKeys(rows, holds).map((row) => ({
    ...row,
    due: row.due.toISOString(),
    isDue: row.masteredAt === null && row.due.getTime() <= now.getTime(),
    lastReview: row.lastReview?.toISOString() ?? null,
    masteredAt: row.masteredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return pageOf(items, total, query);
}

export type GetRevisionSummaryInput = {
  userId: string;
  timeZone: string;
  now: Date;
};

/**
 * The notebook's counts: cards due before the end of the student's today (not mastered), all
 * cards, and mastered ones. One pass over the student's cards (the primary key's range).
 */
export async function getRevisionSummary(
  db: DbOrTx,
  { userId, timeZone, now }: GetRevisionSummaryInput,
) {
  const endOfToday = sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone})
                          + interval '1 day') at time zone ${timeZone})`;
  const [row] = await db
    .select({
      dueToday: sql<number>`(count(*) filter (where ${revisionCards.masteredAt} is null
                               and ${revisionCards.due} < ${endOfToday}))::int`,
      total: sql<number>`count(*)::int`,
      mastered: sql<number>`(count(*) filter (where ${revisionCards.masteredAt} is not null))::int`,
    })
    .from(revisionCards)
    .where(eq(revisionCards.userId, userId));
  return {
    dueToday: Number(row?.dueToday ?? 0),
    total: Number(row?.total ?? 0),
    mastered: Number(row?.mastered ?? 0),
  };
}
