import { type SQL, sql } from "drizzle-orm";

/**
 * What the quiz list shows per quiz, read from the trigger-kept counters on `quizzes`
 * (migration 0011) and, for the viewer, from one index probe each: a fixed amount of work per
 * card, whatever the number of questions and attempts (see bench/quiz-list.ts).
 */

/**
 * Completed attempts on the last 7 India calendar days (today and the 6 before it): at most 7
 * rows of quiz_attempt_days' primary key.
 */
export function lastWeekAttemptsSql(today: string): SQL<number> {
  return sql<number>`(select coalesce(sum(d.completed), 0)::int from quiz_attempt_days d
    where d.quiz_id = "quizzes"."id" and d.day > ${today}::date - 7)`;
}

export function isSavedSql(userId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from user_saved_quizzes s
    where s.user_id = ${userId} and s.quiz_id = "quizzes"."id")`;
}

/** The viewer's open attempt (the card offers to resume it): the one-open-attempt index. */
export function hasOpenAttemptSql(userId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from exam_attempts o
    where o.user_id = ${userId} and o.quiz_id = "quizzes"."id" and o.completed_at is null)`;
}

export type LatestAttempt = {
  id: string;
  attemptNumber: number;
  score: number;
  completedAt: string;
};

type LatestAttemptJson = {
  id: string;
  attemptNumber: number;
  score: number | string | null;
  completedAt: string;
};

/**
 * The viewer's newest completed attempt (the card's score, date and View Result), as JSON: the
 * (user, quiz, attempt number) index read backwards.
 */
export function latestAttemptSql(userId: string): SQL<LatestAttemptJson | string | null> {
  return sql<LatestAttemptJson | string | null>`(select json_build_object(
      'id', a.id, 'attemptNumber', a.attempt_number, 'score', a.score, 'completedAt', a.completed_at)
    from exam_attempts a
   where a.user_id = ${userId} and a.quiz_id = "quizzes"."id" and a.completed_at is not null
   order by a.attempt_number desc limit 1)`;
}

export function parseLatestAttempt(value: LatestAttemptJson | string | null): LatestAttempt | null {
  if (value === null) return null;
  const row = typeof value === "string" ? (JSON.parse(value) as LatestAttemptJson) : value;
  return {
    id: row.id,
    attemptNumber: Number(row.attemptNumber),
    score: row.score === null ? 0 : Number(row.score),
    completedAt: new Date(row.completedAt).toISOString(),
  };
}
