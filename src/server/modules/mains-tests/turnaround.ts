import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";

/**
 * Turnaround (decision 063), in hours with `percentile_cont`. Per test: from a booklet's
 * submission to its evaluation, against the date promised at submission (`due_at`); late is
 * evaluated after it, or still waiting past it. Per mentor: from the booklet's submission to their
 * marking (`first` and `second`; a re-evaluation's clock starts at the request, not here).
 */

// date_part is float8 (extract is numeric since PostgreSQL 14, slower to sort by a third).
const hours = (interval: SQL) => sql`date_part('epoch', ${interval}) / 3600`;
/** p50 and p90 in one ordered-set aggregate (one sort per group), as [p50, p90] or null. */
const percentiles = (value: SQL, filter?: SQL) =>
  sql<
    number[] | null
  >`percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${value}) ${filter ? sql`filter (where ${filter})` : sql``}`;
const hoursOf = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

export type TestTurnaroundInput = { testId: string; now: Date };

export async function testTurnaround(db: DbOrTx, { testId, now }: TestTurnaroundInput) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const evaluated = sql`${mainsBooklets.status} = 'evaluated'`;
  const taken = hours(sql`${mainsBooklets.evaluatedAt} - ${mainsBooklets.submittedAt}`);
  const [row] = await db
    .select({
      firstDueAt: sql<string | null>`min(${mainsBooklets.dueAt})`,
      lastDueAt: sql<string | null>`max(${mainsBooklets.dueAt})`,
      booklets: sql<number>`count(*)::int`,
      evaluated: sql<number>`count(*) filter (where ${evaluated})::int`,
      pending: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'submitted')::int`,
      hours: percentiles(taken, evaluated),
      lateEvaluated: sql<number>`count(*) filter (where ${evaluated} and ${mainsBooklets.evaluatedAt} > ${mainsBooklets.dueAt})::int`,
      overduePending: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'submitted' and ${mainsBooklets.dueAt} < ${at})::int`,
    })
    .from(mainsBooklets)
    .where(
      and(
        eq(mainsBooklets.testId, testId),
        inArray(mainsBooklets.status, ["submitted", "evaluated"]),
      ),
    );
  const iso = (value: string | Date | null | undefined) =>
    value ? new Date(value).toISOString() : null;
  return {
    firstDueAt: iso(row?.firstDueAt),
    lastDueAt: iso(row?.lastDueAt),
    booklets: row?.booklets ?? 0,
    evaluated: row?.evaluated ?? 0,
    pending: row?.pending ?? 0,
    p50Hours: hoursOf(row?.hours?.[0]),
    p90Hours: hoursOf(row?.hours?.[1]),
    lateEvaluated: row?.lateEvaluated ?? 0,
    overduePending: row?.overduePending ?? 0,
    late: (row?.lateEvaluated ?? 0) + (row?.overduePending ?? 0),
  };
}

export type MentorTurnaroundInput = { testId: string };

/**
 * Per mentor who marked in the test: markings, p50/p90 hours, and how many after the due date.
 * Grouped by the mentor's id alone (their names are read apart), so the sort is narrow.
 */
export async function mentorTurnaround(db: DbOrTx, { testId }: MentorTurnaroundInput) {
  const taken = hours(sql`${mainsMarks.markedAt} - ${mainsBooklets.submittedAt}`);
  const rows = await db
    .select({
      mentorId: sql<string>`${mainsMarks.mentorId}`,
      markings: sql<number>`count(*)::int`,
      hours: percentiles(taken),
      late: sql<number>`count(*) filter (where ${mainsMarks.markedAt} > ${mainsBooklets.dueAt})::int`,
    })
    .from(mainsMarks)
    .innerJoin(mainsBooklets, eq(mainsBooklets.id, mainsMarks.bookletId))
    .where(
      and(
        eq(mainsMarks.testId, testId),
        eq(mainsMarks.status, "marked"),
        inArray(mainsMarks.round, ["first", "second"]),
        isNotNull(mainsMarks.mentorId),
      ),
    )
    .groupBy(mainsMarks.mentorId);
  return rows.map(({ hours: values, ...row }) => ({
    ...row,
    p50Hours: hoursOf(values?.[0]),
    p90Hours: hoursOf(values?.[1]),
  }));
}
