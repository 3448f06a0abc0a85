import { and, eq, sql } from "drizzle-orm";
import { ANSWER_GRACE_SECONDS } from "../../../shared/exams.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts, exams, liveTests } from "../../db/schema/exams.ts";
import { liveTestRegistrations, liveTestResults } from "../../db/schema/live-tests.ts";
import { enqueueSelected } from "../notifications/outbox.ts";
import type { Standing } from "./ranking.ts";

const GRACE_MS = ANSWER_GRACE_SECONDS * 1000;

/**
 * All-India rank and percentile of a live test (decision 047), published once for
 * everyone and then frozen.
 *
 * Publication (`publishDueLiveTests`, run by the sweeper right after it graded the expired
 * attempts) writes one `live_test_results` row per completed attempt in one statement: rank by
 * the engine's rule (a higher score first, then less time; equal score and time share a rank,
 * 1, 2, 2, 4) and the NTA percentile (100 × attempts scoring at most yours ÷ attempts). It holds
 * the live test's row FOR UPDATE, and every grading of a live attempt takes it FOR KEY SHARE
 * first (`recordLateResult`), so an attempt is either in the published set or ranked late
 * against it, never lost between the two. Publication locks no attempt, so it cannot deadlock
 * with a grader.
 *
 * The same transaction enqueues each ranked student's "results are out" message (their rank, a
 * link to their result; docs/guides/messages.md), which the sweep then delivers: publication and
 * messages commit together, and a second run finds the test published and writes none.
 *
 * A test is due once its results time (or, when none is set, its close) has passed by the answer
 * grace and no attempt past its deadline is still ungraded; with no results time set it also
 * waits for attempts with extra time still running, so nobody is ranked late for an
 * accommodation.
 */
export async function publishDueLiveTests(db: Db, now = new Date()): Promise<number> {
  const graceCutoff = new Date(now.getTime() - GRACE_MS);
  const due = await db
    .select({ examId: liveTests.examId })
    .from(liveTests)
    .where(
      and(
        sql`${liveTests.publishedAt} is null`,
        sql`coalesce(${liveTests.resultsAt},
              ${liveTests.opensAt} + (${liveTests.entryMinutes} + ${liveTests.durationMinutes}) * interval '1 minute')
            <= ${graceCutoff}`,
      ),
    );
  let published = 0;
  for (const { examId } of due) {
    if (await publishOne(db, examId, now)) published++;
  }
  return published;
}

async function publishOne(db: Db, examId: string, now: Date): Promise<boolean> {
  const graceCutoff = new Date(now.getTime() - GRACE_MS);
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(liveTests)
      .where(and(eq(liveTests.examId, examId), sql`${liveTests.publishedAt} is null`))
      .for("update", { skipLocked: true });
    if (!live) return false; // another instance publishes it, or has
    // Attempts still open: past their deadline and not graded yet (the sweeper's next round), or,
    // with no results time set, any at all (extra time still running).
    const [waiting] = await tx
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.liveTestId, examId),
          sql`${examAttempts.completedAt} is null`,
          live.resultsAt ? sql`${examAttempts.deadlineAt} < ${graceCutoff}` : sql`true`,
        ),
      )
      .limit(1);
    if (waiting) return false;
    await tx.execute(sql`
      insert into ${liveTestResults}
        (exam_id, user_id, attempt_id, score, time_taken_seconds, rank, percentile, late, published_at)
      select a.live_test_id, a.user_id, a.id, a.score, coalesce(a.time_taken_seconds, 0),
             rank() over (order by a.score desc, coalesce(a.time_taken_seconds, 0)),
             round(100.0 * count(*) over (order by a.score range between unbounded preceding and current row)
                   / count(*) over (), 2),
             false, ${now}
        from ${examAttempts} a
       where a.live_test_id = ${examId} and a.completed_at is not null and a.score is not null
      on conflict do nothing`);
    const results = sql`${liveTestResults} r where r.exam_id = ${examId} and not r.late`;
    await tx.execute(sql`
      with n as (select count(*)::int as total, coalesce(avg(r.score), 0) as average from ${results}),
           top as (select coalesce(avg(t.score), 0) as average
                     from (select r.score from ${results} order by r.score desc, r.time_taken_seconds
                            limit (select greatest(1, ceil(n.total / 10.0))::int from n)) t)
      update ${liveTests}
         set published_at = ${now}, updated_at = ${now}, published_count = n.total,
             registered_count = (select count(*)::int from ${liveTestRegistrations} g where g.exam_id = ${examId}),
             published_average = n.average, published_top_ten_average = top.average
        from n, top
       where ${liveTests.examId} = ${examId}`);
    await enqueueSelected(tx, {
      kind: "testResults",
      rows: sql`select r.user_id, r.exam_id::text as ref,
                 jsonb_build_object('title', e.title, 'rank', r.rank, 'of', l.published_count,
                                    'url', '/results/' || r.attempt_id::text) as payload
            from ${liveTestResults} r
            join ${liveTests} l on l.exam_id = r.exam_id
            join ${exams} e on e.id = r.exam_id
           where r.exam_id = ${examId} and not r.late`,
      now,
    });
    return true;
  });
}

export type RecordLateResultInput = {
  examId: string;
  attempt: { id: string; userId: string; score: string | null; timeTakenSeconds: number | null };
};

/**
 * Called by grading for every live attempt it completes, in the grading transaction: takes the
 * live test's row FOR KEY SHARE (waiting for a publication under way), and when the results are
 * already out ranks the attempt against the published distribution, marked late. Nobody else's
 * rank changes.
 */
export async function recordLateResult(tx: DbOrTx, input: RecordLateResultInput): Promise<void> {
  const { examId, attempt } = input;
  const [live] = await tx
    .select({ publishedAt: liveTests.publishedAt, count: liveTests.publishedCount })
    .from(liveTests)
    .where(eq(liveTests.examId, examId))
    .for("key share");
  if (!live?.publishedAt || attempt.score === null) return;
  const score = attempt.score;
  const time = attempt.timeTakenSeconds ?? 0;
  const published = sql`${liveTestResults} r where r.exam_id = ${examId} and not r.late`;
  await tx.execute(sql`
    insert into ${liveTestResults}
      (exam_id, user_id, attempt_id, score, time_taken_seconds, rank, percentile, late)
    values (${examId}, ${attempt.userId}, ${attempt.id}, ${score}, ${time},
      1 + (select count(*) from ${published}
            and (r.score > ${score} or (r.score = ${score} and r.time_taken_seconds < ${time}))),
      round(100.0 * (select count(*) from ${published} and r.score <= ${score})
            / greatest(${live.count ?? 0}, 1), 2),
      true)
    on conflict do nothing`);
}

export type GetLiveStandingInput = { examId: string; userId: string };

/** The student's published standing at the live test, or null before publication. */
export async function getLiveStanding(
  db: DbOrTx,
  input: GetLiveStandingInput,
): Promise<(Standing & { late: boolean }) | null> {
  const [row] = await db
    .select({
      attemptId: liveTestResults.attemptId,
      rank: liveTestResults.rank,
      percentile: liveTestResults.percentile,
      score: liveTestResults.score,
      late: liveTestResults.late,
      of: liveTests.publishedCount,
      average: liveTests.publishedAverage,
      top: liveTests.publishedTopTenAverage,
    })
    .from(liveTestResults)
    .innerJoin(liveTests, eq(liveTests.examId, liveTestResults.examId))
    .where(and(eq(liveTestResults.examId, input.examId), eq(liveTestResults.userId, input.userId)));
  if (!row) return null;
  return {
    attemptId: row.attemptId,
    position: row.rank,
    of: row.of ?? 0,
    percentile: Number(row.percentile),
    score: Number(row.score),
    averageScore: Number(row.average ?? 0),
    topTenAverageScore: Number(row.top ?? 0),
    late: row.late,
  };
}

export type PublishedRanksInput = { examId: string };

/**
 * The published ranks of a live test by attempt id, with the published count, late ones included;
 * null before its results are out.
 */
export async function publishedRanks(
  db: DbOrTx,
  { examId }: PublishedRanksInput,
): Promise<Map<string, { rank: number; of: number }> | null> {
  const [live] = await db
    .select({ publishedAt: liveTests.publishedAt, count: liveTests.publishedCount })
    .from(liveTests)
    .where(eq(liveTests.examId, examId));
  if (!live?.publishedAt) return null;
  const rows = await db
    .select({ attemptId: liveTestResults.attemptId, rank: liveTestResults.rank })
    .from(liveTestResults)
    .where(eq(liveTestResults.examId, examId));
  return new Map(rows.map((r) => [r.attemptId, { rank: r.rank, of: live.count ?? 0 }]));
}

export type RerankPublishedInput = { examId: string };

/**
 * After a regrade changed stored scores (a key change, decision 064): the published results are
 * ranked again from them by the publication's rule (the published set, then each late attempt
 * against it), and the published average and best tenth's average follow. Before publication
 * there is nothing frozen to redo. The caller holds the live test's row FOR UPDATE (the
 * regrade's lock), so no late result is recorded meanwhile.
 */
export async function rerankPublished(tx: DbOrTx, { examId }: RerankPublishedInput): Promise<void> {
  const [live] = await tx
    .select({ publishedAt: liveTests.publishedAt, count: liveTests.publishedCount })
    .from(liveTests)
    .where(eq(liveTests.examId, examId));
  if (!live?.publishedAt) return;
  await tx.execute(sql`
    with fresh as (
      select r.attempt_id, a.score,
             rank() over (order by a.score desc, r.time_taken_seconds) as rank,
             round(100.0 * count(*) over (order by a.score range between unbounded preceding and current row)
                   / count(*) over (), 2) as percentile
        from ${liveTestResults} r
        join ${examAttempts} a on a.id = r.attempt_id
       where r.exam_id = ${examId} and not r.late and a.score is not null)
    update ${liveTestResults} r
       set score = f.score, rank = f.rank, percentile = f.percentile
      from fresh f
     where r.exam_id = ${examId} and r.attempt_id = f.attempt_id`);
  const published = sql`${liveTestResults} p where p.exam_id = ${examId} and not p.late`;
  await tx.execute(sql`
    update ${liveTestResults} r
       set score = a.score,
           rank = 1 + (select count(*) from ${published}
                        and (p.score > a.score or (p.score = a.score and p.time_taken_seconds < r.time_taken_seconds))),
           percentile = round(100.0 * (select count(*) from ${published} and p.score <= a.score)
                              / greatest(${live.count ?? 0}, 1), 2)
      from ${examAttempts} a
     where r.exam_id = ${examId} and r.late and a.id = r.attempt_id and a.score is not null`);
  const results = sql`${liveTestResults} r where r.exam_id = ${examId} and not r.late`;
  await tx.execute(sql`
    with n as (select count(*)::int as total, coalesce(avg(r.score), 0) as average from ${results}),
         top as (select coalesce(avg(t.score), 0) as average
                   from (select r.score from ${results} order by r.score desc, r.time_taken_seconds
                          limit (select greatest(1, ceil(n.total / 10.0))::int from n)) t)
    update ${liveTests}
       set published_average = n.average, published_top_ten_average = top.average
      from n, top
     where ${liveTests.examId} = ${examId}`);
}
