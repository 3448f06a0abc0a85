import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { EXAM_MESSAGES, type saveAnswersSchema } from "../../../shared/exams.ts";
import { QUIZ_MESSAGES } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams, questions, studentAnswers } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { assertCanStart } from "../entitlements/entitlement.ts";
import { publicationDay } from "../quizzes/quiz-visibility.ts";
import { finalizeAttempt, GRACE_MS, isPastGrace } from "./attempt-grading.ts";
import { loadTarget, questionsOf, type TargetRef } from "./attempt-target.ts";
import { buildReviewView, buildSessionView } from "./attempt-views.ts";

type SaveAnswersInput = z.output<typeof saveAnswersSchema>;
type SaveOutcome = {
  user_id: string;
  is_completed: boolean;
  is_late: boolean;
  rejected: unknown;
  stale: unknown;
};

const notFound = () => new AppError("NOT_FOUND", "Attempt not found.");

/**
 * Opens an exam or a quiz for a student: resumes their open attempt (same id, saved answers,
 * remaining time) or creates one. One open attempt per student and exam (or quiz) is guaranteed
 * by a partial unique index, so two tabs opening at once still share one attempt. An open attempt
 * already past its deadline is finalised first and a new one begins. Quiz attempts are numbered
 * 1, 2, ... per student and quiz; a unique index keeps the numbers distinct under any race.
 */
export async function startAttempt(
  db: Db,
  input: { viewer: Pick<Viewer, "userId" | "role">; target: TargetRef; now?: Date },
) {
  const now = input.now ?? new Date();
  const userId = input.viewer.userId;
  const ref = input.target;
  const target = await loadStartable(db, ref, input.viewer, now);

  let finalizedAttemptId: string | null = null;
  const attempt = await db.transaction(async (tx) => {
    const openFilter = and(
      eq(examAttempts.userId, userId),
      ref.kind === "quiz" ? eq(examAttempts.quizId, ref.id) : eq(examAttempts.examId, ref.id),
      isNull(examAttempts.completedAt),
    );
    const [open] = await tx.select().from(examAttempts).where(openFilter).for("update");
    if (open && !isPastGrace(open, now)) return open;
    if (open) {
      await finalizeAttempt(tx, open, now);
      finalizedAttemptId = open.id;
    }
    // Only a new attempt is gated: one already under way is resumed whatever happened since.
    await assertCanStart(
      tx as unknown as Db,
      input.viewer,
      { kind: ref.kind, id: target.id, isFree: target.isFree },
      now,
    );
    const [created] = await tx
      .insert(examAttempts)
      .values({
        userId,
        examId: ref.kind === "exam" ? ref.id : null,
        quizId: ref.kind === "quiz" ? ref.id : null,
        attemptNumber:
          ref.kind === "quiz"
            ? sql`(select coalesce(max(n.attempt_number), 0) + 1 from ${examAttempts} n
                    where n.user_id = ${userId} and n.quiz_id = ${ref.id})`
            : null,
        startedAt: now,
        deadlineAt: new Date(now.getTime() + target.timeLimitSeconds * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [raced] = await tx.select().from(examAttempts).where(openFilter);
    if (!raced) throw new AppError("CONFLICT", startConflictMessage(ref));
    return raced;
  });
  return { ...(await buildSessionView(db, attempt)), finalizedAttemptId };
}

function startConflictMessage(ref: TargetRef) {
  return ref.kind === "quiz" ? QUIZ_MESSAGES.startConflict : "Could not record exam start.";
}

/**
 * The exam or quiz, if this viewer may start it and it has questions. Students see a quiz from
 * its published day on; admins may open any quiz (to check it before it goes out).
 */
async function loadStartable(db: Db, ref: TargetRef, viewer: Pick<Viewer, "role">, now: Date) {
  const target = await loadTarget(db, ref);
  const hidden =
    target?.kind === "quiz" &&
    viewer.role !== "admin" &&
    target.quiz.publishedOn > publicationDay(now);
  if (!target || hidden) {
    throw new AppError(
      "NOT_FOUND",
      ref.kind === "quiz" ? QUIZ_MESSAGES.quizNotFound : EXAM_MESSAGES.examLoadFailed,
    );
  }
  const [questionTotal] = await db.select({ n: count() }).from(questions).where(questionsOf(ref));
  if (!questionTotal?.n) {
    throw new AppError(
      "NOT_FOUND",
      ref.kind === "quiz" ? QUIZ_MESSAGES.noQuestions : EXAM_MESSAGES.examLoadFailed,
    );
  }
  return target;
}

/** Loads an attempt the viewer may see: their own, or any for an admin. Others get 404. */
async function findVisibleAttempt(db: Db, viewer: Viewer, attemptId: string) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) throw notFound();
  if (attempt.userId !== viewer.userId && viewer.role !== "admin") throw notFound();
  return attempt;
}

/** An open attempt of the viewer's own shows as a session; anything else as a review. */
export async function getAttempt(db: Db, viewer: Viewer, attemptId: string, now = new Date()) {
  let attempt = await findVisibleAttempt(db, viewer, attemptId);
  if (!attempt.completedAt && isPastGrace(attempt, now)) {
    attempt = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(examAttempts)
        .where(eq(examAttempts.id, attemptId))
        .for("update");
      if (!locked) throw notFound();
      return locked.completedAt ? locked : finalizeAttempt(tx, locked, now);
    });
  }
  if (!attempt.completedAt && attempt.userId === viewer.userId)
    return buildSessionView(db, attempt);
  return buildReviewView(db, attempt);
}

/**
 * Saves choices as they are made (idempotent upsert per question). A replay carrying an older
 * clientSeq than what is stored changes nothing (reported as `stale`). Refused once the attempt is
 * completed or past its deadline plus grace. Answers naming a question that is not (or no longer)
 * in the exam are left out and reported as `rejected`, so one removed question cannot block the
 * rest; a batch with nothing valid is refused. One statement (this runs once per answer for every
 * student in an exam): it takes a share lock on the attempt, so a concurrent submit waits for it.
 */
export async function saveAnswers(
  db: Db,
  input: { userId: string; attemptId: string; body: SaveAnswersInput; now?: Date },
) {
  const now = input.now ?? new Date();
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
  const cutoff = new Date(now.getTime() - GRACE_MS);
  const result = await db.execute(sql`
    with target as (
      select id, user_id, exam_id, quiz_id, completed_at, deadline_at from ${examAttempts}
       where id = ${input.attemptId} for share
    ), incoming as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(question_id uuid, selected_answer char(1), marked_for_review boolean, client_seq bigint)
    ), valid as (
      select i.* from incoming i
        join ${questions} q on q.id = i.question_id
        join target t on (q.exam_id = t.exam_id or q.quiz_id = t.quiz_id)
    ), written as (
      insert into ${studentAnswers} (attempt_id, question_id, selected_answer, marked_for_review, client_seq, answered_at)
      select t.id, v.question_id, v.selected_answer, v.marked_for_review, v.client_seq, ${now}
        from valid v cross join target t
       where t.user_id = ${input.userId} and t.completed_at is null and t.deadline_at >= ${cutoff}
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
           t.deadline_at < ${cutoff} as is_late,
           (select coalesce(json_agg(i.question_id), '[]'::json) from incoming i
             where not exists (select 1 from valid v where v.question_id = i.question_id)) as rejected,
           (select coalesce(json_agg(v.question_id), '[]'::json) from valid v
             where not exists (select 1 from written w where w.question_id = v.question_id)) as stale
      from target t`);
  // node-postgres and PGlite both answer with { rows }.
  const [found] = (result as unknown as { rows: SaveOutcome[] }).rows;
  if (!found || found.user_id !== input.userId) throw notFound();
  if (found.is_completed) throw new AppError("CONFLICT", "This exam has already been submitted.");
  if (found.is_late) throw new AppError("CONFLICT", "Time is up: answers can no longer be saved.");
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

/** Grades and completes the attempt; a second call returns the same result (idempotent). */
export async function submitAttempt(
  db: Db,
  input: { userId: string; attemptId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const attempt = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, input.attemptId))
      .for("update");
    if (!locked || locked.userId !== input.userId) throw notFound();
    return locked.completedAt ? locked : finalizeAttempt(tx, locked, now);
  });
  return buildReviewView(db, attempt);
}

/** The student's completed attempts, newest first. */
export async function listMyResults(db: Db, userId: string) {
  const rows = await db
    .select({
      id: examAttempts.id,
      score: examAttempts.score,
      passed: examAttempts.passed,
      completedAt: examAttempts.completedAt,
      timeTakenSeconds: examAttempts.timeTakenSeconds,
      exam: { id: exams.id, title: exams.title },
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.userId, userId), isNotNull(examAttempts.completedAt)))
    .orderBy(desc(examAttempts.completedAt));
  return rows.map((r) => ({
    ...r,
    score: r.score === null ? null : Number(r.score),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
