import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { saveAnswersSchema } from "../../../shared/exams.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import type { AttemptFacts, AttemptFactsCache } from "../../fast-path/attempt-facts.ts";
import { preparedSql } from "../../fast-path/prepared-sql.ts";
import { AppError } from "../../lib/app-error.ts";
import { GRACE_MS } from "./attempt-grading.ts";
import { questionOfAttempt } from "./attempt-target.ts";

type SaveAnswersBody = z.output<typeof saveAnswersSchema>;
type AnswerBody = SaveAnswersBody["answers"][number];
/** The validated body; `times` and `confidence` may be left out by callers in code (tests, benches). */
type AnswersToSave = {
  answers: (Omit<AnswerBody, "confidence"> & { confidence?: AnswerBody["confidence"] })[];
  times?: SaveAnswersBody["times"];
};
/** The attempt as the refusal read of decision 015 sees it. */
type AttemptRow = { user_id: string; is_completed: boolean; deadline_ms: number };
type SaveOutcome = {
  user_id: string;
  is_completed: boolean;
  is_late: boolean;
  /** The sent questions that belong to the attempt's exam, quiz or set (null: none). */
  valid: unknown;
  /** [questionId, clientSeq] of each answer row written, as stored after the write (null: none). */
  written: unknown;
};

const notFound = () => new AppError("NOT_FOUND", "Attempt not found.");
const alreadySubmitted = () => new AppError("CONFLICT", "This exam has already been submitted.");
const timeIsUp = () => new AppError("CONFLICT", "Time is up: answers can no longer be saved.");

/**
 * The refusal read of every save (decision 015), a named prepared statement (decision 023). The
 * deadline comes back as epoch milliseconds (float8), so the check below compares two numbers.
 */
const attemptFacts = preparedSql<AttemptRow>(
  "save_answers_attempt_facts",
  () => sql`
  select user_id, completed_at is not null as is_completed,
         extract(epoch from deadline_at)::float8 * 1000 as deadline_ms
    from ${examAttempts}
   where id = ${sql.placeholder("attemptId")}`,
);

/**
 * The sent rows: a batch as one jsonb array, or (`one`) the commonest save, one answer, as
 * scalar parameters, which spares PostgreSQL parsing the batch into rows and the server writing
 * it out as text (decision 052). Either is looked up the same way below.
 */
const sentRows = {
  batch: sql`jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
        as i(question_id uuid, selected_answer char(1), marked_for_review boolean, confidence text, client_seq bigint, seconds int)`,
  one: sql`(select ${sql.placeholder("questionId")}::uuid as question_id,
                   ${sql.placeholder("selectedAnswer")}::char(1) as selected_answer,
                   ${sql.placeholder("markedForReview")}::boolean as marked_for_review,
                   ${sql.placeholder("confidence")}::text as confidence,
                   ${sql.placeholder("clientSeq")}::bigint as client_seq,
                   ${sql.placeholder("seconds")}::int as seconds) i`,
};

/**
 * The upsert of a batch, a named prepared statement (decision 027). Each sent question is looked
 * up by its key (a lateral subquery with `limit 1`): planned as a join, PostgreSQL takes the
 * batch for the 100 rows it assumes of any set-returning function and scans the whole question
 * bank for every save once the bank is a few thousand questions (decision 052). It repeats the
 * refusals under a share lock on the attempt, writes the rows that name a question of the
 * attempt's exam, quiz or set and are not older than what is stored, and reports the attempt's
 * state, which sent questions were valid and what each answer row holds after the write (the
 * caller works out `rejected` and `stale` from these: decision 051 moved that out of the
 * statement).
 *
 * Times (decision 036): each row may carry the question's running total of seconds; the stored
 * time becomes the larger of the stored and sent totals, never more than the attempt's elapsed
 * time (now - started_at), so a replay or a retry never counts twice. A row with no clientSeq is a
 * time only (a question visited, not answered): it is written by its own insert (`timed`), on
 * other questions than the answers (the service merges a question's time into its answer), and
 * never touches a stored choice or its clientSeq. The statement has that insert only when the
 * batch has such a row (`withTimeOnly`): most saves are one answer, and an insert that writes
 * nothing still costs PostgreSQL its set-up on every save (decision 051).
 *
 * The confidence tag is part of the choice: written with it under the same clientSeq
 * rule, so an older replay never changes a newer tag.
 *
 * Exported for the plan test (`save-answers-plan.api.test.ts`).
 */
export function upsertSql(withTimeOnly: boolean, sent: keyof typeof sentRows = "batch") {
  const now = sql`${sql.placeholder("now")}::timestamptz`;
  const cutoff = sql`${sql.placeholder("cutoff")}::timestamptz`;
  const timed = sql`, timed as (
    insert into ${studentAnswers} as sa (attempt_id, question_id, selected_answer, marked_for_review, client_seq, time_spent_seconds, answered_at)
    select v.attempt_id, v.question_id, null, false, 0, v.seconds, ${now}
      from valid v
     where v.client_seq is null
     order by v.question_id
    on conflict (attempt_id, question_id) do update
       set time_spent_seconds = excluded.time_spent_seconds
     where sa.time_spent_seconds < excluded.time_spent_seconds
  )`;
  return sql`
  with target as (
    select id, user_id, exam_id, quiz_id, practice_id, revision_id, live_test_id, completed_at, deadline_at, started_at
      from ${examAttempts}
     where id = ${sql.placeholder("attemptId")} for share
  ), valid as (
    select t.id as attempt_id, i.question_id, i.selected_answer, i.marked_for_review, i.confidence, i.client_seq,
           least(coalesce(i.seconds, 0), greatest(0, floor(extract(epoch from (${now} - t.started_at))))::int) as seconds
      from target t
     cross join ${sentRows[sent]}
     cross join lateral (
       select q.id, q.exam_id, q.quiz_id from ${questions} q where q.id = i.question_id limit 1
     ) q
     where t.user_id = ${sql.placeholder("userId")} and t.completed_at is null and t.deadline_at >= ${cutoff}
       and ${questionOfAttempt(sql.raw("q"), sql.raw("t"))}
  ), written as (
    insert into ${studentAnswers} as sa (attempt_id, question_id, selected_answer, marked_for_review, confidence, client_seq, time_spent_seconds, answered_at)
    select v.attempt_id, v.question_id, v.selected_answer, v.marked_for_review, v.confidence, v.client_seq, v.seconds, ${now}
      from valid v
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
  )${withTimeOnly ? timed : sql``}
  select t.user_id,
         t.completed_at is not null as is_completed,
         t.deadline_at < ${cutoff} as is_late,
         (select json_agg(v.question_id) from valid v) as valid,
         (select json_agg(json_build_array(w.question_id, w.client_seq)) from written w) as written
    from target t`;
}
const upsertAnswers = preparedSql<SaveOutcome>("save_answers_upsert", () => upsertSql(false));
const upsertAnswersAndTimes = preparedSql<SaveOutcome>("save_answers_upsert_times", () =>
  upsertSql(true),
);
const upsertOneAnswer = preparedSql<SaveOutcome>("save_answers_upsert_one", () =>
  upsertSql(false, "one"),
);

export type SaveAnswersInput = {
  userId: string;
  attemptId: string;
  body: AnswersToSave;
  now?: Date;
  facts?: AttemptFactsCache;
};

/**
 * Saves choices as they are made (idempotent upsert per question), with the running time totals
 * of the questions visited (decision 036). A replay carrying an older clientSeq than what is
 * stored changes no choice (reported as `stale`); a time only ever raises the stored total. Answers naming a question
 * that is not (or no longer) in the exam are left out and reported as `rejected`, so one removed
 * question cannot block the rest; a batch with nothing valid is refused.
 *
 * A primary-key read refuses another student's attempt, a completed one or a late save before any
 * write is sent (decision 015). The upsert then repeats those conditions under a share lock on the
 * attempt, so a submit landing between the two still wins, and a concurrent submit waits for the
 * batch. With `facts` (the instance's copy, decision 052) the read is made once per attempt and
 * instance, so a student's later saves are one round trip; the refusals are the same.
 */
export async function saveAnswers(db: Db, input: SaveAnswersInput) {
  const now = input.now ?? new Date();
  const cutoffMs = now.getTime() - GRACE_MS;
  const cache = input.facts;
  let attempt = cache?.get(input.attemptId);
  // A deadline only moves later: a kept copy that says "late" is read again before refusing.
  if (attempt && !attempt.completed && attempt.deadlineMs < cutoffMs) attempt = undefined;
  if (!attempt) {
    attempt = await readFacts(db, input.attemptId);
    if (attempt) cache?.set(input.attemptId, attempt);
  }
  if (!attempt || attempt.userId !== input.userId) throw notFound();
  if (attempt.completed) throw alreadySubmitted();
  if (attempt.deadlineMs < cutoffMs) throw timeIsUp();

  // Newest choice per question within the batch (one row per question for the upsert), in a
  // fixed order so two concurrent batches lock rows the same way round. A question's time rides
  // on its answer row, or makes a time-only row (no clientSeq) when it was not answered. Ids are
  // compared as PostgreSQL writes them (lower case), so one question is one row however it was sent.
  const latest = new Map<string, AnswersToSave["answers"][number]>();
  for (const a of input.body.answers) {
    const id = a.questionId.toLowerCase();
    const seen = latest.get(id);
    if (!seen || seen.clientSeq <= a.clientSeq) latest.set(id, a);
  }
  const seconds = new Map<string, number>();
  for (const t of input.body.times ?? []) {
    const id = t.questionId.toLowerCase();
    seconds.set(id, Math.max(seconds.get(id) ?? 0, t.seconds));
  }
  const ids =
    seconds.size === 0 ? [...latest.keys()] : [...new Set([...latest.keys(), ...seconds.keys()])];
  ids.sort();
  let timeOnly = false;
  const rows = ids.map((questionId) => {
    const a = latest.get(questionId);
    if (!a) timeOnly = true;
    return {
      question_id: questionId,
      selected_answer: a ? a.selectedAnswer : null,
      marked_for_review: a ? a.markedForReview : null,
      confidence: a ? (a.confidence ?? null) : null,
      client_seq: a ? a.clientSeq : null,
      seconds: seconds.get(questionId) ?? null,
    };
  });
  // Timestamps go as ISO text (the statement casts them): cheaper for the driver than a Date.
  const common = {
    attemptId: input.attemptId,
    now: now.toISOString(),
    userId: input.userId,
    cutoff: new Date(cutoffMs).toISOString(),
  };
  const [one] = rows.length === 1 && !timeOnly ? rows : [];
  const [found] = one
    ? await upsertOneAnswer(db, {
        ...common,
        questionId: one.question_id,
        selectedAnswer: one.selected_answer,
        markedForReview: one.marked_for_review,
        confidence: one.confidence,
        clientSeq: one.client_seq,
        seconds: one.seconds,
      })
    : await (timeOnly ? upsertAnswersAndTimes : upsertAnswers)(db, {
        ...common,
        rows: JSON.stringify(rows),
      });
  // The same refusals again, for a submit or the sweeper that got in after the first read (on
  // this instance or another); the kept copy learns what the upsert saw.
  if (!found || found.user_id !== input.userId) {
    cache?.forget(input.attemptId);
    throw notFound();
  }
  if (found.is_completed) {
    cache?.completed(input.attemptId);
    throw alreadySubmitted();
  }
  if (found.is_late) {
    cache?.forget(input.attemptId);
    throw timeIsUp();
  }
  const valid = new Set(parseList(found.valid).map(String));
  const rejected = ids.filter((id) => !valid.has(id));
  if (rejected.length === rows.length) {
    throw new AppError("VALIDATION_FAILED", "This question is not part of the exam any more.", {
      rejected,
    });
  }
  // An answer is stale when its row does not hold the clientSeq sent after the write: not written
  // at all (an older replay), or written for its time only (the stored choice is newer).
  const stored = new Map<string, number>();
  for (const pair of parseList(found.written)) {
    if (Array.isArray(pair)) stored.set(String(pair[0]), Number(pair[1]));
  }
  const stale = ids.filter((id) => {
    const a = latest.get(id);
    return a !== undefined && valid.has(id) && stored.get(id) !== a.clientSeq;
  });
  const rejectedAnswers = rejected.filter((id) => latest.has(id)).length;
  return {
    saved: latest.size - rejectedAnswers - stale.length,
    rejected,
    stale,
    serverNow: now.toISOString(),
  };
}

/** Decision 015's read: the attempt's owner, completion and deadline (undefined: no such attempt). */
async function readFacts(db: Db, attemptId: string): Promise<AttemptFacts | undefined> {
  const [row] = await attemptFacts(db, { attemptId });
  return row
    ? { userId: row.user_id, completed: row.is_completed, deadlineMs: Number(row.deadline_ms) }
    : undefined;
}

/** json columns arrive parsed from node-postgres and as text from some drivers; null is empty. */
function parseList(value: unknown): unknown[] {
  const list = typeof value === "string" ? JSON.parse(value) : value;
  return Array.isArray(list) ? list : [];
}
