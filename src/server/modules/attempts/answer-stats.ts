import { type SQL, sql } from "drizzle-orm";
import { ATTEMPT_KINDS, type AttemptKind } from "../../../shared/attempt-kinds.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  examAttempts,
  questionScoreStats,
  questions,
  studentAnswers,
} from "../../db/schema/exams.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { preparedSql } from "../../fast-path/prepared-sql.ts";
import { attemptsAt, questionsOf, type TargetRef } from "./attempt-target.ts";
import { verdictSql } from "./verdict.ts";

/** The score band a ranked attempt is counted in: its whole percent of the maximum, -100..100. */
export function scoreBand(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  // Rounded to 6 decimals first: (3 / 10) * 100 style float error must not drop a whole band
  // below the one SQL computes from the stored score (rebuildAnswerStats, the item analysis).
  return Math.max(-100, Math.min(100, Math.floor(Math.round(percent * 1e6) / 1e6)));
}

export type RankedGrade = { attemptId: string; band: number };

const chose = (option: string) =>
  sql.raw(`count(*) filter (where sa.selected_answer = '${option}')::int`);

/** An upsert's tail that adds the new counts to a (question, band) row already there. */
const addOnConflict = sql`
    on conflict (question_id, score_band) do update
       set attempts = ${questionScoreStats}.attempts + excluded.attempts,
           correct = ${questionScoreStats}.correct + excluded.correct,
           chose_a = ${questionScoreStats}.chose_a + excluded.chose_a,
           chose_b = ${questionScoreStats}.chose_b + excluded.chose_b,
           chose_c = ${questionScoreStats}.chose_c + excluded.chose_c,
           chose_d = ${questionScoreStats}.chose_d + excluded.chose_d,
           time_seconds = ${questionScoreStats}.time_seconds + excluded.time_seconds`;

/**
 * The marking statement of one kind of target, counted (a ranked attempt graded alone) or not; a
 * named prepared statement (planned once per connection, decision 027), four in all.
 */
function markingSql(kind: AttemptKind, counted: boolean): SQL {
  const attemptId = sql`${sql.placeholder("attemptId")}::uuid`;
  const mark = sql`
    insert into ${studentAnswers} as sa (attempt_id, question_id, selected_answer, is_correct)
    select ${attemptId}, ${questions.id}, s.selected_answer,
           ${verdictSql(sql`${questions}`, sql`s.selected_answer`)}
      from ${questions}
      left join ${studentAnswers} s on s.question_id = ${questions.id} and s.attempt_id = ${attemptId}
     where ${questionsOf({ kind, id: sql.placeholder("targetId") })}
    on conflict (attempt_id, question_id) do update set is_correct = excluded.is_correct`;
  if (!counted) return mark;
  const chose = (option: string) =>
    sql.raw(`(g.selected_answer is not distinct from '${option}')::int`);
  return sql`
    with graded as (
      ${mark}
      returning sa.question_id, sa.selected_answer, sa.is_correct, sa.time_spent_seconds
    )
    insert into ${questionScoreStats}
      (question_id, score_band, attempts, correct, chose_a, chose_b, chose_c, chose_d, time_seconds)
    select g.question_id, ${sql.placeholder("band")}::smallint, 1, coalesce(g.is_correct, false)::int,
           ${chose("A")}, ${chose("B")}, ${chose("C")}, ${chose("D")}, g.time_spent_seconds
      from graded g
     order by g.question_id
    ${addOnConflict}`;
}

const marking = Object.fromEntries(
  ATTEMPT_KINDS.map((kind) => [
    kind,
    {
      uncounted: preparedSql(`grade_mark_${kind}`, () => markingSql(kind, false)),
      counted: preparedSql(`grade_mark_count_${kind}`, () => markingSql(kind, true)),
    },
  ]),
) as Record<AttemptKind, Record<"counted" | "uncounted", ReturnType<typeof preparedSql>>>;

export type MarkAnswersInput = {
  attemptId: string;
  ref: TargetRef;
  band: number | null;
};

/**
 * Marks each answer of an attempt right or wrong with the current key (its saved choice against
 * the key, read in the same statement), storing a skipped row (null answer) for every question
 * not answered, in one upsert; for a ranked attempt graded alone (a submit; `band` given) the same
 * statement adds it to the counters: the upserted answers feed the counters' upsert through a
 * CTE, so counting costs no statement and no read of the answers of its own (decision 036,
 * measured in bench:analysis). The counter rows are written in question order, the one order
 * every grader uses.
 */
export async function markAnswers(
  tx: DbOrTx,
  { attemptId, ref, band }: MarkAnswersInput,
): Promise<void> {
  const statement = marking[ref.kind][band === null ? "uncounted" : "counted"];
  await statement(tx, { attemptId, targetId: ref.id, band });
}

/**
 * Adds graded ranked attempts to the per-question counters (decision 034) in one statement. The
 * rows are written in (question, band) order, one global order for every grader: a submit (one
 * band) and a sweeper's batch (several) lock counter rows the same way round and never deadlock.
 */
export async function countRankedAttempts(tx: DbOrTx, graded: RankedGrade[]): Promise<void> {
  if (graded.length === 0) return;
  await tx.execute(sql`
    insert into ${questionScoreStats}
      (question_id, score_band, attempts, correct, chose_a, chose_b, chose_c, chose_d, time_seconds)
    select sa.question_id, g.band, count(*)::int, count(*) filter (where sa.is_correct)::int,
           ${chose("A")}, ${chose("B")}, ${chose("C")}, ${chose("D")},
           coalesce(sum(sa.time_spent_seconds), 0)
      from jsonb_to_recordset(${JSON.stringify(graded)}::jsonb) as g("attemptId" uuid, band smallint)
      join ${studentAnswers} sa on sa.attempt_id = g."attemptId"
     group by sa.question_id, g.band
     order by sa.question_id, g.band
    ${addOnConflict}`);
}

/**
 * Rebuilds the counters of one target's questions from its ranked attempts (after a regrade).
 * The existing rows are locked first in (question, band) order, the graders' order.
 */
export async function rebuildAnswerStats(tx: DbOrTx, ref: TargetRef): Promise<void> {
  const ranked = sql`select a.id, a.score, a.quiz_id from ${examAttempts} a
                      where ${attemptsAt(ref, sql.raw("a"))} and a.is_ranked and a.score is not null`;
  const targetQuestions = sql`select ${questions.id} from ${questions} where ${questionsOf(ref)}`;
  await tx.execute(sql`
    select 1 from ${questionScoreStats} s
     where s.question_id in (${targetQuestions})
     order by s.question_id, s.score_band for update`);
  await tx.execute(sql`
    delete from ${questionScoreStats} s
     where s.question_id in (${targetQuestions})`);
  await tx.execute(sql`
    insert into ${questionScoreStats}
      (question_id, score_band, attempts, correct, chose_a, chose_b, chose_c, chose_d, time_seconds)
    select sa.question_id, b.band, count(*)::int, count(*) filter (where sa.is_correct)::int,
           ${chose("A")}, ${chose("B")}, ${chose("C")}, ${chose("D")},
           coalesce(sum(sa.time_spent_seconds), 0)
      from (${ranked}) a
      join ${studentAnswers} sa on sa.attempt_id = a.id
      left join ${quizzes} z on z.id = a.quiz_id
     cross join lateral (select least(100, greatest(-100, floor(
              case when a.quiz_id is null then a.score
                   else a.score * 100 / coalesce(z.total_marks, 100) end)))::smallint as band) b
     group by sa.question_id, b.band
     order by sa.question_id, b.band`);
}
