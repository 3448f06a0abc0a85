import { and, asc, eq, sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import { ANSWER_GRACE_SECONDS } from "../../../shared/exams.ts";
import type { Db, Tx } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/content.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { collectRevisionCards, markedAnswersOf, rateCards } from "../revision/revision-cards.ts";
import { countRankedAttempts, markAnswers, type RankedGrade, scoreBand } from "./answer-stats.ts";
import {
  afterGrading,
  gradeFor,
  isRankedOnCompletion,
  loadTarget,
  notebookRoleOf,
  questionsOf,
  targetOf,
} from "./attempt-target.ts";
import { countsInTotalSql, scoredAnswerSql } from "./verdict.ts";

type AttemptRow = typeof examAttempts.$inferSelect;

export const GRACE_MS = ANSWER_GRACE_SECONDS * 1000;

export function isPastGrace(attempt: { deadlineAt: Date }, now: Date): boolean {
  return now.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;
}

export type FinalizeAttemptInput = {
  attempt: AttemptRow;
  now: Date;
};

/**
 * Grades an open attempt (of an exam or a quiz) with what was saved and completes it. The caller
 * holds the attempt row locked (FOR UPDATE). Unanswered questions are stored with a null answer.
 * The completion time is never later than the deadline, so an attempt finalised late by the
 * sweeper shows the real end. An attempt is marked ranked when it is the student's first
 * completed one at its exam or quiz (one open attempt at a time, so completions come in order),
 * and a ranked attempt is added to the analysis counters (decision 034).
 */
export async function finalizeAttempt(tx: Tx, { attempt, now }: FinalizeAttemptInput) {
  const { row } = await gradeAndComplete(tx, attempt, now, "now");
  return row;
}

export type FinalizeAttemptsInput = {
  attempts: AttemptRow[];
  now: Date;
};

/**
 * Grades several locked open attempts in one transaction (the sweeper's batch); their counters
 * are added in one statement at the end, in the one lock order every grader uses.
 */
export async function finalizeAttempts(tx: Tx, { attempts, now }: FinalizeAttemptsInput) {
  const done: AttemptRow[] = [];
  const ranked: RankedGrade[] = [];
  for (const attempt of attempts) {
    const { row, band } = await gradeAndComplete(tx, attempt, now, "later");
    done.push(row);
    if (band !== null) ranked.push({ attemptId: row.id, band });
  }
  await countRankedAttempts(tx, ranked);
  return done;
}

/**
 * Grades and completes one attempt. Its counters (if it is ranked) are added by the answers'
 * marking statement itself (`now`, a submit: one attempt, one band, rows in question order), or
 * left to the caller (`later`, the sweeper's batch: one statement for all, in (question, band)
 * order). Either way they are written after the attempt row (and a quiz's row, which its
 * counters trigger locks), the order every grader keeps.
 */
async function gradeAndComplete(tx: Tx, attempt: AttemptRow, now: Date, count: "now" | "later") {
  const ref = targetOf(attempt);
  const target = await loadTarget(tx, ref);
  if (!target) throw new Error(`${ref.kind} ${ref.id} missing for attempt ${attempt.id}`);

  // Every question of the target, with the answer saved (null: skipped). The answers are
  // stored with their verdicts below, after the attempt row (the graders' lock order).
  // A right answer under a changed key (an option also accepted, a question dropped with its
  // marks for all) is scored as the key; a question dropped out of the total is left out.
  const graded = await tx
    .select({
      correctAnswer: questions.correctAnswer,
      selectedAnswer: scoredAnswerSql(
        sql`${questions}`,
        sql`${studentAnswers.selectedAnswer}`,
      ).mapWith((v: string | null) => v as OptionKey | null),
    })
    .from(questions)
    .leftJoin(
      studentAnswers,
      and(eq(studentAnswers.questionId, questions.id), eq(studentAnswers.attemptId, attempt.id)),
    )
    .where(and(questionsOf(ref), countsInTotalSql(sql`${questions}`)))
    .orderBy(asc(questions.createdAt));
  const grade = gradeFor(target, graded);

  const completedAt = new Date(Math.min(now.getTime(), attempt.deadlineAt.getTime()));
  const timeTakenSeconds = Math.max(
    0,
    Math.round((completedAt.getTime() - attempt.startedAt.getTime()) / 1000),
  );
  const [updated] = await tx
    .update(examAttempts)
    .set({
      completedAt,
      timeTakenSeconds,
      score: grade.stored.toFixed(2),
      passed: grade.passed,
      isRanked: isRankedOnCompletion(ref, attempt.userId),
    })
    .where(and(eq(examAttempts.id, attempt.id), sql`${examAttempts.completedAt} is null`))
    .returning();
  // Counted when this call completed it and it is the student's first completed attempt.
  const band = updated?.isRanked ? scoreBand(grade.percent) : null;
  await markAnswers(tx, { attemptId: attempt.id, ref, band: count === "now" ? band : null });
  // The revision notebook (decision 041): a revision session rates its cards; any other attempt
  // puts its wrong, skipped and unsure questions in the student's notebook.
  if (notebookRoleOf(ref) === "rates")
    await rateCards(tx, {
      userId: attempt.userId,
      results: await markedAnswersOf(tx, attempt.id),
      now,
    });
  else await collectRevisionCards(tx, { attempt, now });
  if (updated) await afterGrading(tx, { ref, attempt: updated });
  return { row: updated ?? attempt, band };
}

export type FinalizeExpiredAttemptsInput = {
  now?: Date;
  batchSize?: number;
};

/**
 * The sweeper: completes attempts left open past deadline + grace with what was saved. Safe to run
 * on several servers at once (SKIP LOCKED). Returns how many it finalised.
 */
export async function finalizeExpiredAttempts(
  db: Db,
  { now = new Date(), batchSize = 50 }: FinalizeExpiredAttemptsInput = {},
): Promise<number> {
  let finalized = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(examAttempts)
        .where(
          and(
            sql`${examAttempts.completedAt} is null`,
            sql`${examAttempts.deadlineAt} < ${new Date(now.getTime() - GRACE_MS)}`,
            // Not while maintenance mode is on: students cannot save or submit then, and
            // switching it off extends their deadlines by the time it took.
            sql`not exists (select 1 from ${siteSettings} where ${siteSettings.maintenanceMode})`,
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      // In quiz order: finalising bumps the quiz's counters (migration 0011), so sweepers on
      // several servers lock quiz rows in one order and never deadlock.
      due.sort((a, b) => (a.quizId ?? "").localeCompare(b.quizId ?? ""));
      await finalizeAttempts(tx, { attempts: due, now });
      return due.length;
    });
    finalized += done;
    if (done < batchSize) return finalized;
  }
}
