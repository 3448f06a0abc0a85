import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";

export type QuizRank = { position: number; of: number };

/**
 * Rank on a quiz (decision 018): each student's first completed attempt counts (is_ranked); a
 * higher score ranks first, then a shorter time taken. Equal score and equal time share a rank
 * (1, 2, 2, 4). `of` is the number of students with a completed attempt. Both counts are range
 * scans of the partial index exam_attempts_quiz_rank_idx, for a page of quizzes in one query.
 */
export async function listQuizRanks(
  db: Db,
  input: { userId: string; quizIds: string[] },
): Promise<Map<string, QuizRank>> {
  if (input.quizIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select m.quiz_id,
           1 + (select count(*) from ${examAttempts} r
                 where r.quiz_id = m.quiz_id and r.is_ranked
                   and (r.score > m.score
                        or (r.score = m.score and r.time_taken_seconds < m.time_taken_seconds)))::int
             as position,
           (select count(*) from ${examAttempts} r where r.quiz_id = m.quiz_id and r.is_ranked)::int
             as of
      from ${examAttempts} m
     where m.user_id = ${input.userId} and m.is_ranked
       and m.quiz_id in (${sql.join(
         input.quizIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
  const rows = (result as unknown as { rows: { quiz_id: string; position: number; of: number }[] })
    .rows;
  return new Map(rows.map((r) => [r.quiz_id, { position: Number(r.position), of: Number(r.of) }]));
}

export async function getQuizRank(
  db: Db,
  input: { userId: string; quizId: string },
): Promise<QuizRank | null> {
  const ranks = await listQuizRanks(db, { userId: input.userId, quizIds: [input.quizId] });
  return ranks.get(input.quizId) ?? null;
}
