import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { saveAnswersSchema } from "../../../shared/exams.ts";
import type { Db } from "../../db/client.ts";
import { perDatabase, preparedSql } from "../../db/prepared-sql.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { GRACE_MS } from "./attempt-grading.ts";

type SaveAnswersInput = z.output<typeof saveAnswersSchema>;
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
 */
const upsertAnswers = preparedSql<SaveOutcome>(
  "save_answers_upsert",
  () => sql`
  with target as (
    select id, user_id, exam_id, quiz_id, completed_at, deadline_at from ${examAttempts}
     where id = ${sql.placeholder("attemptId")} for share
  ), incoming as (
    select * from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
      as x(question_id uuid, selected_answer char(1), marked_for_review boolean, client_seq bigint)
  ), valid as (
    select i.* from incoming i
      join ${questions} q on q.id = i.question_id
      join target t on (q.exam_id = t.exam_id or q.quiz_id = t.quiz_id)
  ), written as (
    insert into ${studentAnswers} (attempt_id, question_id, selected_answer, marked_for_review, client_seq, answered_at)
    select t.id, v.question_id, v.selected_answer, v.marked_for_review, v.client_seq, ${sql.placeholder("now")}
      from valid v cross join target t
     where t.user_id = ${sql.placeholder("userId")} and t.completed_at is null and t.deadline_at >= ${sql.placeholder("cutoff")}
     order by v.question_id
    on conflict (attempt_id, question_id) do update
       set selected_answer = excluded.selected_answer,
           marked_for_review = excluded.marked_for_review,
           client_seq = excluded.client_seq,
           answered_at = excluded.answered_at
     where ${studentAnswers}.client_seq <= excluded.client_seq
    returning question_id
  )
  select t.user_id,
         t.completed_at is not null as is_completed,
         t.deadline_at < ${sql.placeholder("cutoff")} as is_late,
         (select coalesce(json_agg(i.question_id), '[]'::json) from incoming i
           where not exists (select 1 from valid v where v.question_id = i.question_id)) as rejected,
         (select coalesce(json_agg(v.question_id), '[]'::json) from valid v
           where not exists (select 1 from written w where w.question_id = v.question_id)) as stale
    from target t`,
);

/**
 * Saves choices as they are made (idempotent upsert per question). A replay carrying an older
 * clientSeq than what is stored changes nothing (reported as `stale`). Answers naming a question
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
  // fixed order so two concurrent batches lock rows the same way round.
  const latest = new Map<string, SaveAnswersInput["answers"][number]>();
  for (const a of input.body.answers) {
    const seen = latest.get(a.questionId);
    if (!seen || seen.clientSeq <= a.clientSeq) latest.set(a.questionId, a);
  }
  const rows = [...latest.values()]
    .sort((a, b) => a.questionId.localeCompare(b.questionId))
    .map((a) => ({
      question_id: a.questionId,
      selected_answer: a.selectedAnswer,
      marked_for_review: a.markedForReview,
      client_seq: a.clientSeq,
    }));
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
  return {
    saved: rows.length - rejected.length - stale.length,
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
