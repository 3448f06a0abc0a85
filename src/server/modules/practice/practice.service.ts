import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questionSets, questions } from "../../db/schema/exams.ts";
import type { Viewer } from "../../lib/context.ts";
import { listSubjectOptions } from "../subjects/subjects.service.ts";
import { practiceAllowance, pyqYearOf } from "./practice-builder.ts";

/** How many of the student's practice tests the page lists (newest first). */
export const RECENT_PRACTICE_LIMIT = 20;

export type GetPracticeOptionsInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  now?: Date;
};

/**
 * GET /api/practice/options: what the builder offers: subjects with their topics, the years
 * previous-year questions come from, and this month's allowance (used, limit; null unlimited).
 */
export async function getPracticeOptions(
  db: Db,
  { viewer, now = new Date() }: GetPracticeOptionsInput,
) {
  const [subjectOptions, [years], allowance] = await Promise.all([
    listSubjectOptions(db),
    db
      .select({
        min: sql<number | null>`min(${pyqYearOf})::int`,
        max: sql<number | null>`max(${pyqYearOf})::int`,
      })
      .from(questions)
      .leftJoin(exams, eq(exams.id, questions.examId)),
    practiceAllowance(db, { viewer, now }),
  ]);
  return {
    subjects: subjectOptions,
    years: { min: years?.min ?? null, max: years?.max ?? null },
    allowance: { used: allowance.used, limit: allowance.limit, hasPlan: allowance.hasPlan },
  };
}

/**
 * GET /api/practice: the student's practice tests, newest first (question_sets_user_kind_created_idx),
 * each with its latest attempt (open or submitted).
 */
export async function listMyPractice(db: Db, userId: string) {
  const latest = db
    .selectDistinctOn([examAttempts.practiceId], {
      practiceId: examAttempts.practiceId,
      attemptId: examAttempts.id,
      completedAt: examAttempts.completedAt,
      score: examAttempts.score,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), sql`${examAttempts.practiceId} is not null`))
    .orderBy(examAttempts.practiceId, desc(examAttempts.startedAt))
    .as("latest");
  const rows = await db
    .select({
      id: questionSets.id,
      title: questionSets.title,
      questionCount: questionSets.questionCount,
      timed: questionSets.timed,
      timeLimitSeconds: questionSets.timeLimitSeconds,
      negativeMarking: sql<boolean>`${questionSets.marksPerQuestion} is not null`,
      createdAt: questionSets.createdAt,
      attemptId: latest.attemptId,
      completedAt: latest.completedAt,
      score: latest.score,
    })
    .from(questionSets)
    .leftJoin(latest, eq(latest.practiceId, questionSets.id))
    .where(and(eq(questionSets.userId, userId), eq(questionSets.kind, "practice")))
    .orderBy(desc(questionSets.createdAt), desc(questionSets.id))
    .limit(RECENT_PRACTICE_LIMIT);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      status: r.attemptId ? (r.completedAt ? "submitted" : "in_progress") : "not_started",
      completedAt: r.completedAt?.toISOString() ?? null,
      score: r.score === null ? null : Number(r.score),
    })),
  };
}
