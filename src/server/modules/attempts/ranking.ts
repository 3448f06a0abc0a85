import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";

/**
 * Rank and percentile among a target's ranked attempts (each student's first completed attempt,
 * decisions 018 and 034), for every kind. The target is named by its attempt column and id, so
 * this file knows no kind (attempt-target.ts maps a kind to its column).
 *
 * Rank: a higher score first, then a shorter time taken; equal score and time share a rank
 * (1, 2, 2, 4). Percentile (the NTA's): 100 × ranked attempts scoring at most yours ÷ ranked
 * attempts. Every count below is a range scan of the partial index the target's kind has,
 * `exam_attempts_exam_rank_idx` or `exam_attempts_quiz_rank_idx` on (target, score desc,
 * time taken) where is_ranked, answerable from the index alone.
 */
export type RankColumn = "exam_id" | "quiz_id";

export type Rank = { position: number; of: number };

export type Standing = Rank & {
  /** NTA percentile, two decimals. */
  percentile: number;
  /** The ranked attempt's own score (in the target's stored unit). */
  score: number;
  averageScore: number;
  /** The average of the best tenth of ranked attempts (at least one attempt). */
  topTenAverageScore: number;
  /** The ranked attempt the standing is of. */
  attemptId: string;
};

/** The ranked attempts of the target `target` (an SQL expression), as alias `r`. */
function ranked(column: RankColumn, target: SQL): SQL {
  return sql`exam_attempts r where r.${sql.identifier(column)} = ${target} and r.is_ranked
              and r.score is not null`;
}

/**
 * 1 + the ranked attempts ahead of `m` (an alias of a ranked attempt row of the target): higher
 * scores, then the same score in less time. Two range scans of the rank index.
 */
export function rankPositionSql(column: RankColumn, target: SQL, m = sql.raw("m")): SQL<number> {
  return sql<number>`(1
    + (select count(*) from ${ranked(column, target)} and r.score > ${m}.score)
    + (select count(*) from ${ranked(column, target)} and r.score = ${m}.score
         and r.time_taken_seconds < ${m}.time_taken_seconds))`;
}

export type GetStandingInput = { column: RankColumn; targetId: string; userId: string };

/**
 * The standing of the student's ranked attempt at the target, or null when they have none yet:
 * one statement of index range scans (rank, how many score at most as much, the count, the
 * average and the best tenth's average).
 */
export async function getStanding(db: DbOrTx, input: GetStandingInput): Promise<Standing | null> {
  const target = sql`${input.targetId}::uuid`;
  const all = ranked(input.column, target);
  const result = await db.execute(sql`
    with n as (select count(*)::int as total, avg(r.score)::float as average from ${all}),
         m as (select r.id, r.score, r.time_taken_seconds from ${all} and r.user_id = ${input.userId})
    select m.id as "attemptId", m.score::float as score,
           ${rankPositionSql(input.column, target)}::int as position,
           n.total as "of",
           (select count(*) from ${all} and r.score <= m.score)::int as "atOrBelow",
           n.average as "averageScore",
           (select avg(t.score)::float from (select r.score from ${all}
             order by r.score desc, r.time_taken_seconds
             limit (select greatest(1, ceil(n.total / 10.0))::int from n)) t) as "topTenAverageScore"
      from m, n`);
  const [row] = (
    result as unknown as {
      rows: {
        attemptId: string;
        score: number | string;
        position: number | string;
        of: number | string;
        atOrBelow: number | string;
        averageScore: number | string | null;
        topTenAverageScore: number | string | null;
      }[];
    }
  ).rows;
  if (!row) return null;
  const of = Number(row.of);
  return {
    attemptId: row.attemptId,
    position: Number(row.position),
    of,
    percentile: of === 0 ? 0 : round2((100 * Number(row.atOrBelow)) / of),
    score: Number(row.score),
    averageScore: round2(Number(row.averageScore ?? 0)),
    topTenAverageScore: round2(Number(row.topTenAverageScore ?? 0)),
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export type RankedPositionsInput = { column: RankColumn; targetId: string };

/**
 * Every ranked attempt's rank at the target, by attempt id, with how many are ranked: the same
 * rule as `rankPositionSql` (a higher score, then less time; ties share), for a whole target at
 * once (a key change tells each student their old and new rank, decision 064).
 */
export async function rankedPositions(
  db: DbOrTx,
  { column, targetId }: RankedPositionsInput,
): Promise<Map<string, { rank: number; of: number }>> {
  const result = await db.execute(sql`
    select r.id, rank() over (order by r.score desc, r.time_taken_seconds)::int as rank,
           count(*) over ()::int as "of"
      from ${ranked(column, sql`${targetId}::uuid`)}`);
  const rows = (result as unknown as { rows: { id: string; rank: number; of: number }[] }).rows;
  return new Map(rows.map((r) => [r.id, { rank: Number(r.rank), of: Number(r.of) }]));
}
