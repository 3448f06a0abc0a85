import { and, asc, eq, sql } from "drizzle-orm";
import { ANSWER_GRACE_SECONDS } from "../../../shared/exams.ts";
import { scoreAttempt } from "../../../shared/scoring.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questions, studentAnswers } from "../../db/schema/exams.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type AttemptRow = typeof examAttempts.$inferSelect;

export const GRACE_MS = ANSWER_GRACE_SECONDS * 1000;

export function isPastGrace(attempt: { deadlineAt: Date }, now: Date): boolean {
  return now.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;
}

export function rulesOf(exam: typeof exams.$inferSelect) {
  return {
    passingMarks: exam.passingMarks,
    marksPerQuestion: exam.marksPerQuestion === null ? null : Number(exam.marksPerQuestion),
    negativeMarkFraction:
      exam.negativeMarkFraction === null ? null : Number(exam.negativeMarkFraction),
  };
}

/**
 * Grades an open attempt with what was saved and completes it. The caller holds the attempt row
 * locked (FOR UPDATE). Unanswered questions are stored with a null answer. The completion time is
 * never later than the deadline, so an attempt finalised late by the sweeper shows the real end.
 */
export async function finalizeAttempt(tx: Tx, attempt: AttemptRow, now: Date) {
  const [exam] = await tx.select().from(exams).where(eq(exams.id, attempt.examId));
  if (!exam) throw new Error(`exam ${attempt.examId} missing for attempt ${attempt.id}`);

  await tx.execute(sql`
    insert into ${studentAnswers} (attempt_id, question_id, selected_answer)
    select ${attempt.id}, q.id, null from ${questions} q where q.exam_id = ${attempt.examId}
    on conflict (attempt_id, question_id) do nothing`);
  await tx.execute(sql`
    update ${studentAnswers} sa
       set is_correct = coalesce(sa.selected_answer = q.correct_answer, false)
      from ${questions} q
     where sa.question_id = q.id and sa.attempt_id = ${attempt.id}`);

  const graded = await tx
    .select({
      correctAnswer: questions.correctAnswer,
      selectedAnswer: studentAnswers.selectedAnswer,
    })
    .from(studentAnswers)
    .innerJoin(questions, eq(questions.id, studentAnswers.questionId))
    .where(eq(studentAnswers.attemptId, attempt.id))
    .orderBy(asc(questions.createdAt));
  const score = scoreAttempt(graded, rulesOf(exam));

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
      score: score.scorePercent.toFixed(2),
      passed: score.passed,
    })
    .where(and(eq(examAttempts.id, attempt.id), sql`${examAttempts.completedAt} is null`))
    .returning();
  return updated ?? attempt;
}

/**
 * The sweeper: completes attempts left open past deadline + grace with what was saved. Safe to run
 * on several servers at once (SKIP LOCKED). Returns how many it finalised.
 */
export async function finalizeExpiredAttempts(
  db: Db,
  now = new Date(),
  batchSize = 50,
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
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      for (const attempt of due) await finalizeAttempt(tx, attempt, now);
      return due.length;
    });
    finalized += done;
    if (done < batchSize) return finalized;
  }
}
