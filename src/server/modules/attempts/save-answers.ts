import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { saveAnswersSchema } from "../../../shared/exams.ts";
import type { Db } from "../../db/client.ts";
import { perDatabase, preparedSql } from "../../db/prepared-sql.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { GRACE_MS } from "./attempt-grading.ts";
import { questionOfAttempt } from "./attempt-target.ts";

type SaveAnswersBody = z.output<typeof saveAnswersSchema>;
type AnswerBody = SaveAnswersBody["answers"][number];
/** The validated body; `times` and `confidence` may be left out by callers in code (tests, benches). */
type SaveAnswersInput = {
  answers: (Omit<AnswerBody, "confidence"> & { confidence?: AnswerBody["confidence"] })[];
  times?: SaveAnswersBody["times"];
};
type SaveOutcome = {
  user_id: string;
  is_completed: boolean;
  is_late: boolean;
  rejected: unknown;
  stale: unknown;
};

const notFound = () => new AppError("NOT_FOUND", "Attempt not found.");
const alreadySubmitted = () => new AppError("CONFLICT", "This exam has already been submitted.");
const timeIsUp = () => new AppError("CONFLICT", "Time is up: answers can no longer be saved.");

/**
 * The refusal read of every save, prepared once per database handle: on PostgreSQL a named
 * statement (parsed and planned once per connection), and no query building per request
 * (decision 023).
 */
const attemptFacts = perDatabase((db) =>
  db
    .select({
      userId: examAttempts.userId,
      completedAt: examAttempts.completedAt,
      deadlineAt: examAttempts.deadlineAt,
    })
    .from(examAttempts)
    .where(eq(examAttempts.id, sql.placeholder("id")))
    .prepare("save_answers_attempt_facts"),
);

/**
 * The upsert of a batch, a named prepared statement (decision 027): planned once per connection
 * instead of on every save. It repeats the refusals under a share lock on the attempt, writes
 * the valid rows that are not older than what is stored, and reports the attempt's state, the
 * answers naming a question outside the exam (`rejected`) and the older replays (`stale`).
 *
 * Times (decision 036): each row may carry the question's running total of seconds; the stored
 * time becomes the larger of the stored and sent totals, never more than the attempt's elapsed
 * time (now - started_at), so a replay or a retry never counts twice. A row with no clientSeq is a
 * time only (a question visited, not answered): it is written by its own insert (`timed`), on
 * other questions than the answers (the service merges a question's time into its answer), and
 * never touches a stored choice or its clientSeq.
 *
 * The confidence tag (issue 20) is part of the choice: written with it under the same clientSeq
 * rule, so an older replay never changes a newer tag.
 */
const upsertAnswers = preparedSql<SaveOutcome>(
  "save_answers_upsert",
  () => sql`
  with target as (
    select id, user_id, exam_id, quiz_id, practice_id, revision_id, live_test_id, completed_at, deadline_at,
           greatest(0, floor(extract(epoch from (${sql.placeholder("now")}::timestamptz - started_at))))::int as elapsed
      from ${examAttempts}
     where id = ${sql.placeholder("attemptId")} for share
  ), incoming as (
    select * from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
      as x(question_id uuid, selected_answer char(1), marked_for_review boolean, confidence text, client_seq bigint, seconds int)
  ), valid as (
    select i.question_id, i.selected_answer, i.marked_for_review, i.confidence, i.client_seq,
           least(coalesce(i.seconds, 0), t.elapsed) as seconds
      from incoming i
      join ${questions} q on q.id = i.question_id
      join target t on ${questionOfAttempt(sql.raw("q"), sql.raw("t"))}
  ), writable as (
    select t.id from target t
     where t.user_id = ${sql.placeholder("userId")} and t.completed_at is null and t.deadline_at >= ${sql.placeholder("cutoff")}
  ), written as (
    insert into ${studentAnswers} as sa (attempt_id, question_id, selected_answer, marked_for_review, confidence, client_seq, time_spent_seconds, answered_at)
    select w.id, v.question_id, v.selected_answer, v.marked_for_review, v.confidence, v.client_seq, v.seconds, ${sql.placeholder("now")}
      from valid v cross join writable w
     where v.client_seq is not null
     order by v.question_id
    on conflict (attempt_id, question_id) do update
       set selected_answer = case when sa.client_seq <= excluded.client_seq then excluded.selected_answer else sa.selected_answer end,
           marked_for_review = case when sa.client_seq <= excluded.client_seq then excluded.marked_for_review else sa.marked_for_review end,
           confidence = case when sa.client_seq <= excluded.client_seq then excluded.confidence else sa.confidence end,
           answered_at = case when sa.client_seq <= excluded.client_seq then excluded.answered_at else sa.answered_at end,
           client_seq = greatest(sa.client_seq, excluded.client_seq),
           time_spent_seconds = greatest(sa.time_spent_seconds, excluded.time_spent_seconds)
     where sa.client_seq <= excluded.client_seq or sa.time_spent_seconds < excluded.time_spent_seconds
    returning question_id, client_seq
  ), timed as (
    insert into ${studentAnswers} as sa (attempt_id, question_id, selected_answer, marked_for_review, client_seq, time_spent_seconds, answered_at)
    select w.id, v.question_id, null, false, 0, v.seconds, ${sql.placeholder("now")}
      from valid v cross join writable w
     where v.client_seq is null
     order by v.question_id
    on conflict (attempt_id, question_id) do update
       set time_spent_seconds = excluded.time_spent_seconds
     where sa.time_spent_seconds < excluded.time_spent_seconds
  )
  select t.user_id,
         t.completed_at is not null as is_completed,
         t.deadline_at < ${sql.placeholder("cutoff")} as is_late,
         (select coalesce(json_agg(i.question_id), '[]'::json) from incoming i
           where not exists (select 1 from valid v where v.question_id = i.question_id)) as rejected,
         (select coalesce(json_agg(v.question_id), '[]'::json) from valid v
           where v.client_seq is not null
             and not exists (select 1 from written w where w.question_id = v.question_id
                                                      and w.client_seq = v.client_seq)) as stale
    from target t`,
);

/**
 * Saves choices as they are made (idempotent upsert per question), with the running time totals
 * of the questions visited (decision 036). A replay carrying an older clientSeq than what is
 * stored changes no choice (reported as `stale`); a time only ever raises the stored total. Answers naming a question
 * that is not (or no longer) in the exam are left out and reported as `rejected`, so one removed
 * question cannot block the rest; a batch with nothing valid is refused.
 *
 * Two round trips (this runs once per answer for every student in an exam; decision 015): a
 * primary-key read refuses another student's attempt, a completed one or a late save before any
 * write is sent. The upsert then repeats those conditions under a share lock on the attempt, so a
 * submit landing between the two still wins, and a concurrent submit waits for the batch.
 */
export async function saveAnswers(
  db: Db,
  input: { userId: string; attemptId: string; body: SaveAnswersInput; now?: Date },
) {
  const now = input.now ?? new Date();
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const [attempt] = await attemptFacts(db).execute({ id: input.attemptId });
  if (!attempt || attempt.userId !== input.userId) throw notFound();
  if (attempt.completedAt) throw alreadySubmitted();
  if (attempt.deadlineAt < cutoff) throw timeIsUp();

  // Newest choice per question within the batch (one row per question for the upsert), in a
  // fixed order so two concurrent batches lock rows the same way round. A question's time rides
  // on its answer row, or makes a time-only row (no clientSeq) when it was not answered.
  const latest = new Map<string, SaveAnswersInput["answers"][number]>();
  for (const a of input.body.answers) {
    const seen = latest.get(a.questionId);
    if (!seen || seen.clientSeq <= a.clientSeq) latest.set(a.questionId, a);
  }
  const seconds = new Map<string, number>();
  for (const t of input.body.times ?? []) {
    seconds.set(t.questionId, Math.max(seconds.get(t.questionId) ?? 0, t.seconds));
  }
  const ids = [...new Set([...latest.keys(), ...seconds.keys()])].sort((a, b) =>
    a.localeCompare(b),
  );
  const rows = ids.map((questionId) => {
    const a = latest.get(questionId);
    return {
      question_id: questionId,
      selected_answer: a ? a.selectedAnswer : null,
      marked_for_review: a ? a.markedForReview : null,
      confidence: a ? (a.confidence ?? null) : null,
      client_seq: a ? a.clientSeq : null,
      seconds: seconds.get(questionId) ?? null,
    };
  });
  const [found] = await upsertAnswers(db, {
    attemptId: input.attemptId,
    rows: JSON.stringify(rows),
    now,
    userId: input.userId,
    cutoff,
  });
  // The same refusals again, for a submit or the sweeper that got in after the first read.
  if (!found || found.user_id !== input.userId) throw notFound();
  if (found.is_completed) throw alreadySubmitted();
  if (found.is_late) throw timeIsUp();
  const rejected = parseIds(found.rejected);
  if (rejected.length === rows.length) {
    throw new AppError("VALIDATION_FAILED", "This question is not part of the exam any more.", {
      rejected,
    });
  }
  const stale = parseIds(found.stale);
  const rejectedAnswers = rejected.filter((id) => latest.has(id)).length;
  return {
    saved: latest.size - rejectedAnswers - stale.length,
    rejected,
    stale,
    serverNow: now.toISOString(),
  };
}

/** json columns arrive parsed from node-postgres and as text from some drivers. */
function parseIds(value: unknown): string[] {
  const list = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(String) : [];
}
