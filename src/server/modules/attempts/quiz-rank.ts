import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { rankPositionSql } from "./ranking.ts";

export type QuizRank = { position: number; of: number };

/**
 * Rank on a quiz (decision 018): each student's first completed attempt counts (is_ranked); a
 * higher score ranks first, then a shorter time taken. Equal score and equal time share a rank
 * (1, 2, 2, 4). `of` is the number of students with a completed attempt, the quiz's
 * trigger-kept `ranked_attempts`.
 *
 * The rank of the viewer's ranked attempt on the quiz row `"quizzes"` of the enclosing query, as
 * JSON `{ position, of }` or null: one probe of exam_attempts_one_ranked_per_user_quiz, then
 * `ranking.ts#rankPositionSql` (the rule every kind ranks by): two range scans of
 * exam_attempts_quiz_rank_idx counting the attempts ahead of it, from the index alone.
 */
export function rankJsonSql(userId: string): SQL<QuizRank | null> {
  return sql<QuizRank | null>`(select json_build_object(
      'position', ${rankPositionSql("quiz_id", sql.raw("m.quiz_id"))},
      'of', "quizzes"."ranked_attempts")
    from exam_attempts m
   where m.user_id = ${userId} and m.quiz_id = "quizzes"."id" and m.is_ranked)`;
}

export type GetQuizRankInput = { userId: string; quizId: string };

export async function getQuizRank(db: DbOrTx, input: GetQuizRankInput): Promise<QuizRank | null> {
  const result = await db.execute(
    sql`select ${rankJsonSql(input.userId)} as rank from quizzes where id = ${input.quizId}`,
  );
  const [row] = (result as unknown as { rows: { rank: QuizRank | string | null }[] }).rows;
  return parseRank(row?.rank ?? null);
}

/** Drivers hand JSON back parsed (node-postgres, PGlite); a string is parsed here all the same. */
export function parseRank(value: QuizRank | string | null): QuizRank | null {
  if (value === null) return null;
  const rank = typeof value === "string" ? (JSON.parse(value) as QuizRank) : value;
  return { position: Number(rank.position), of: Number(rank.of) };
}
