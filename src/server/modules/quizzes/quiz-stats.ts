import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { LANGUAGE_LABELS } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, questions } from "../../db/schema/exams.ts";
import { userSavedQuizzes } from "../../db/schema/quizzes.ts";

const DAY_MS = 86_400_000;

/** Question count and languages per quiz: English, plus Hindi when every question has it. */
export async function questionStatsOf(db: Db, quizIds: string[]) {
  if (quizIds.length === 0) return new Map<string, { numQuestions: number; languages: string[] }>();
  const rows = await db
    .select({
      quizId: questions.quizId,
      n: count(),
      allHindi: sql<boolean>`bool_and(${questions.translations} ? 'hi')`,
    })
    .from(questions)
    .where(inArray(questions.quizId, quizIds))
    .groupBy(questions.quizId);
  return new Map(
    rows.map((r) => [
      r.quizId ?? "",
      {
        numQuestions: r.n,
        languages: r.allHindi ? [LANGUAGE_LABELS.en, LANGUAGE_LABELS.hi] : [LANGUAGE_LABELS.en],
      },
    ]),
  );
}

/** Completed attempts per quiz, by everyone: all of them, and those of the last 7 days. */
export async function attemptCountsOf(db: Db, quizIds: string[], now: Date) {
  if (quizIds.length === 0) return new Map<string, { total: number; last7Days: number }>();
  const since = new Date(now.getTime() - 7 * DAY_MS);
  const rows = await db
    .select({
      quizId: examAttempts.quizId,
      total: count(),
      last7Days: sql<number>`(count(*) filter (where ${examAttempts.completedAt} > ${since}))::int`,
    })
    .from(examAttempts)
    .where(and(inArray(examAttempts.quizId, quizIds), isNotNull(examAttempts.completedAt)))
    .groupBy(examAttempts.quizId);
  return new Map(
    rows.map((r) => [r.quizId ?? "", { total: r.total, last7Days: Number(r.last7Days) }]),
  );
}

export type LatestAttempt = {
  id: string;
  attemptNumber: number;
  score: number;
  completedAt: string;
};

/** The viewer's newest completed attempt per quiz (the card's score, date and View Result). */
export async function latestAttemptsOf(
  db: Db,
  userId: string,
  quizIds: string[],
): Promise<Map<string, LatestAttempt>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([examAttempts.quizId], {
      quizId: examAttempts.quizId,
      id: examAttempts.id,
      attemptNumber: examAttempts.attemptNumber,
      score: examAttempts.score,
      completedAt: examAttempts.completedAt,
    })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        inArray(examAttempts.quizId, quizIds),
        isNotNull(examAttempts.completedAt),
      ),
    )
    .orderBy(examAttempts.quizId, desc(examAttempts.attemptNumber));
  return new Map(
    rows.map((r) => [
      r.quizId ?? "",
      {
        id: r.id,
        attemptNumber: r.attemptNumber ?? 1,
        score: r.score === null ? 0 : Number(r.score),
        completedAt: r.completedAt?.toISOString() ?? "",
      },
    ]),
  );
}

/** The viewer's open attempt per quiz, if any (the card offers to resume it). */
export async function openAttemptsOf(db: Db, userId: string, quizIds: string[]) {
  if (quizIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ quizId: examAttempts.quizId })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        inArray(examAttempts.quizId, quizIds),
        isNull(examAttempts.completedAt),
      ),
    );
  return new Set(rows.map((r) => r.quizId ?? ""));
}

export async function savedQuizIdsOf(db: Db, userId: string, quizIds: string[]) {
  if (quizIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ quizId: userSavedQuizzes.quizId })
    .from(userSavedQuizzes)
    .where(and(eq(userSavedQuizzes.userId, userId), inArray(userSavedQuizzes.quizId, quizIds)));
  return new Set(rows.map((r) => r.quizId));
}
