import { and, eq, inArray, sql } from "drizzle-orm";
import type { MarkedText } from "../../../shared/i18n/msg.ts";
import { MAINS_RESULT_MESSAGES } from "../../../shared/mains-results-schemas.ts";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsModeration, mainsTestQuestions, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import { enqueueSelected } from "../notifications/outbox.ts";

/** Where a student reads a test's result (decision 063); the messages link to it. */
export const resultPath = (testId: string) => `/student/mains-tests/${testId}/result`;

export type RecomputeResultsInput = { testId: string; now: Date };

/**
 * Writes a test's final marks, totals, ranks and percentiles (decision 063), set-based in three
 * statements whatever the number of booklets:
 * 1. each answer of an evaluated booklet: the re-evaluation's marks once marked, else the mean of
 *    the first and (when marked) second; each marking first moved by its mentor's moderation
 *    correction for the test and kept within [0, the question's marks]; `moderated` when a
 *    non-zero correction moved a marking that counts;
 * 2. each evaluated booklet: the sum, rank = 1 + booklets with a higher total (ties share),
 *    percentile = 100 × booklets with a total at most its own ÷ booklets ranked (2 decimals);
 * 3. a booklet not evaluated (absent, still to mark) carries no published figures.
 * Only rows whose figures change are written. The caller holds the test (publication locks its
 * row, after-marking the test's results lock) so two recomputations never interleave.
 */
export async function recomputeResults(tx: DbOrTx, { testId, now }: RecomputeResultsInput) {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    with m as (
      select k.answer_id, k.round as mark_round,
             least(greatest(k.marks + coalesce(d.correction, 0), 0), q.marks) as adjusted,
             coalesce(d.correction, 0) <> 0 as corrected
        from ${mainsMarks} k
        join ${mainsBooklets} b on b.id = k.booklet_id and b.status = 'evaluated'
        join ${mainsTestQuestions} q on q.id = k.test_question_id
        left join ${mainsModeration} d on d.test_id = k.test_id and d.mentor_id = k.mentor_id
       where k.test_id = ${testId} and k.status = 'marked' and k.marks is not null
    ), f as (
      select answer_id,
             round(case when bool_or(mark_round = 'reeval')
                        then max(adjusted) filter (where mark_round = 'reeval')
                        else avg(adjusted) filter (where mark_round in ('first', 'second')) end, 2) as marks,
             case when bool_or(mark_round = 'reeval')
                  then bool_or(corrected) filter (where mark_round = 'reeval')
                  else coalesce(bool_or(corrected) filter (where mark_round in ('first', 'second')), false)
             end as moderated
        from m
       group by answer_id
    )
    update ${mainsBookletAnswers} a
       set marks = f.marks, moderated = f.moderated, updated_at = ${at}
      from f
     where a.id = f.answer_id
       and (a.marks is distinct from f.marks or a.moderated is distinct from f.moderated)`);
  await tx.execute(sql`
    with t as (
      select b.id, coalesce(sum(a.marks), 0)::numeric(7, 2) as total
        from ${mainsBooklets} b
        left join ${mainsBookletAnswers} a on a.booklet_id = b.id
       where b.test_id = ${testId} and b.status = 'evaluated'
       group by b.id
    ), r as (
      select id, total,
             rank() over (order by total desc)::int as rank,
             round(100.0 * count(*) over (order by total range between unbounded preceding and current row)
                   / count(*) over (), 2) as percentile
        from t
    )
    update ${mainsBooklets} b
       set total_marks = r.total, rank = r.rank, percentile = r.percentile, updated_at = ${at}
      from r
     where b.id = r.id
       and (b.total_marks is distinct from r.total or b.rank is distinct from r.rank
            or b.percentile is distinct from r.percentile)`);
  await tx
    .update(mainsBooklets)
    .set({ totalMarks: null, rank: null, percentile: null, updatedAt: now })
    .where(
      and(
        eq(mainsBooklets.testId, testId),
        sql`${mainsBooklets.status} <> 'evaluated'`,
        sql`${mainsBooklets.totalMarks} is not null`,
      ),
    );
}

export type EnqueueResultMessagesInput = {
  testId: string;
  now: Date;
  /** Only these booklets (one that joined after publication); default: every ranked booklet. */
  bookletIds?: string[];
};

/**
 * "Marks are out" (`mainsResults`) for each ranked student, in one statement: the title in both
 * languages, their rank of how many, and the link to their result. Keyed by the test, so a
 * student is told once however often the ranks are written again.
 */
export async function enqueueResultMessages(
  tx: DbOrTx,
  { testId, now, bookletIds }: EnqueueResultMessagesInput,
) {
  const only =
    bookletIds === undefined
      ? sql`true`
      : bookletIds.length === 0
        ? sql`false`
        : inArray(sql`b.id`, bookletIds);
  return enqueueSelected(tx, {
    kind: "mainsResults",
    rows: sql`select b.user_id, b.test_id::text as ref,
                     jsonb_build_object('title', t.title, 'titleHi', t.title_hi, 'rank', b.rank,
                                        'of', n.ranked, 'url', ${resultPath(testId)}::text) as payload
                from ${mainsBooklets} b
                join ${mainsTests} t on t.id = b.test_id
               cross join (select count(*)::int as ranked from ${mainsBooklets} c
                            where c.test_id = ${testId} and c.rank is not null) n
               where b.test_id = ${testId} and b.rank is not null and ${only}`,
    now,
  });
}

/** A test's booklets by status: what publication waits for. */
export async function countBooklets(db: DbOrTx, testId: string) {
  const [row] = await db
    .select({
      writing: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'writing')::int`,
      pending: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'submitted')::int`,
      evaluated: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'evaluated')::int`,
      absent: sql<number>`count(*) filter (where ${mainsBooklets.status} = 'absent')::int`,
    })
    .from(mainsBooklets)
    .where(eq(mainsBooklets.testId, testId));
  return {
    writing: row?.writing ?? 0,
    pending: row?.pending ?? 0,
    evaluated: row?.evaluated ?? 0,
    absent: row?.absent ?? 0,
  };
}
export type BookletCounts = Awaited<ReturnType<typeof countBooklets>>;

/**
 * Whether an admin may publish now: never twice; with every booklet submitted and evaluated and
 * at least one evaluated, or, once the results time has come, with what is evaluated.
 */
export function publishRefusal(
  test: { resultsAt: Date | null; resultsPublishedAt: Date | null },
  counts: BookletCounts,
  now: Date,
): string | MarkedText | null {
  if (test.resultsPublishedAt) return MAINS_RESULT_MESSAGES.alreadyPublished;
  if (test.resultsAt && test.resultsAt <= now) return null;
  const waiting = counts.pending + counts.writing;
  if (waiting > 0) return { key: MAINS_RESULT_MESSAGES.pending, values: { pending: waiting } };
  if (counts.evaluated === 0) return MAINS_RESULT_MESSAGES.nothingEvaluated;
  return null;
}

/** Marks, ranks, the publication time and every ranked student's message, in the caller's transaction. */
async function writePublication(tx: DbOrTx, testId: string, now: Date) {
  await recomputeResults(tx, { testId, now });
  await tx
    .update(mainsTests)
    .set({ resultsPublishedAt: now, updatedAt: now })
    .where(eq(mainsTests.id, testId));
  return enqueueResultMessages(tx, { testId, now });
}

export type PublishResultsInput = { testId: string; now: Date };

/**
 * An admin publishes a test's results (decision 063): refused (409, nothing written) while a
 * booklet is still being written or waits for marks, unless the results time has come.
 */
export async function publishResults(db: Db, { testId, now }: PublishResultsInput) {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({
        resultsAt: mainsTests.resultsAt,
        resultsPublishedAt: mainsTests.resultsPublishedAt,
      })
      .from(mainsTests)
      .where(eq(mainsTests.id, testId))
      .for("update");
    if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
    const counts = await countBooklets(tx, testId);
    const refusal = publishRefusal(test, counts, now);
    if (refusal) throw new AppError("CONFLICT", refusal, counts);
    const messages = await writePublication(tx, testId, now);
    return { publishedAt: now.toISOString(), messages, ...counts };
  });
}

export type PublishDueMainsResultsInput = { now: Date };

/**
 * The sweeper (decision 063): every test whose results time has passed publishes what is
 * evaluated by then, each in its own transaction. The test's row is taken FOR UPDATE SKIP
 * LOCKED and must still be unpublished, so every instance may run it at once. Booklets
 * evaluated later join through after-marking.
 */
export async function publishDueMainsResults(db: Db, { now }: PublishDueMainsResultsInput) {
  const due = await db
    .select({ id: mainsTests.id })
    .from(mainsTests)
    .where(
      and(
        sql`${mainsTests.resultsAt} is not null and ${mainsTests.resultsPublishedAt} is null`,
        sql`${mainsTests.resultsAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
  let published = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [test] = await tx
        .select({ id: mainsTests.id })
        .from(mainsTests)
        .where(and(eq(mainsTests.id, id), sql`${mainsTests.resultsPublishedAt} is null`))
        .for("update", { skipLocked: true });
      if (!test) return false;
      await writePublication(tx, id, now);
      return true;
    });
    if (done) published++;
  }
  return published;
}

export type SetResultsTimeInput = { testId: string; resultsAt: Date | null };

/** Sets (or clears) when the sweeper publishes; refused once the results are out. */
export async function setResultsTime(db: Db, { testId, resultsAt }: SetResultsTimeInput) {
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({ resultsPublishedAt: mainsTests.resultsPublishedAt })
      .from(mainsTests)
      .where(eq(mainsTests.id, testId))
      .for("update");
    if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
    if (test.resultsPublishedAt) {
      throw new AppError("CONFLICT", MAINS_RESULT_MESSAGES.alreadyPublished);
    }
    await tx
      .update(mainsTests)
      .set({ resultsAt, updatedAt: sql`now()` })
      .where(eq(mainsTests.id, testId));
    return { resultsAt: resultsAt?.toISOString() ?? null };
  });
}
