import { type SQL, sql } from "drizzle-orm";

/**
 * The one rule for whether an answer is right, in SQL (decision 064), for every statement that
 * grades: the submit's marking, the sweeper's, the regrade after a key change. Question row `q`
 * (an alias or the table) and the chosen option `selected` (null: skipped).
 *
 * - Right: the key, or an option also accepted after a key change, or any answer (a skip too) to
 *   a question dropped with its marks given to everyone (`dropped_as = 'award'`).
 * - Not counted (null): a question dropped out of the total (`dropped_as = 'exclude'`). Once an
 *   attempt is graded every answer's verdict is true or false except these, so counts of an
 *   attempt's answers leave them out with `is_correct is not null`.
 * - Otherwise wrong (false), or skipped when nothing was chosen.
 */
export function verdictSql(q: SQL, selected: SQL): SQL<boolean | null> {
  return sql<boolean | null>`(case
      when ${q}.dropped_as = 'exclude' then null
      when ${q}.dropped_as = 'award' then true
      else coalesce(${selected} = ${q}.correct_answer or ${selected} = any(${q}.also_accepted), false)
    end)`;
}

/**
 * The option the grader scores `selected` as: the key when the answer is right under
 * `verdictSql` (so the one scoring rule, `scoreAttempt`, counts it right), else the choice.
 */
export function scoredAnswerSql(q: SQL, selected: SQL): SQL<string | null> {
  return sql<string | null>`(case when ${verdictSql(q, selected)} then ${q}.correct_answer
      else ${selected} end)`;
}

/** Whether question `q` counts in an attempt's total (not dropped out of it). */
export function countsInTotalSql(q: SQL): SQL<boolean> {
  return sql<boolean>`(${q}.dropped_as is distinct from 'exclude')`;
}
