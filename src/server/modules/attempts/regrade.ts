import { sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import type { ScoredQuestion } from "../../../shared/scoring.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { enqueueMessages, type NewMessage } from "../notifications/outbox.ts";
import { rebuildAnswerStats } from "./answer-stats.ts";
import {
  type AttemptTarget,
  afterRegradeOf,
  attemptsAt,
  gradeFor,
  loadTarget,
  lockTarget,
  messagesOf,
  summaryOf,
  type TargetRef,
} from "./attempt-target.ts";
import { verdictSql } from "./verdict.ts";

type Tally = {
  id: string;
  user_id: string;
  score: string | null;
  passed: boolean | null;
  total: number;
  correct: number;
  wrong: number;
  verdicts_changed: boolean;
  is_ranked: boolean;
};

export type RegradeOutcome = {
  /** Completed attempts of the target, all recomputed. */
  attempts: number;
  /** Those whose verdicts, score or pass changed: they carry `regradedAt` now. */
  regraded: number;
  regradedAt: string;
};

/**
 * The graded answers of an attempt as `gradeFor` takes them, from its counts: scoring depends
 * only on how many answers were right, wrong and left out, so the regrade reads one row per
 * attempt instead of every answer, and still grades with the one rule (no copied scoring).
 */
function scoredFromCounts(total: number, correct: number, wrong: number): ScoredQuestion[] {
  const right: ScoredQuestion = { correctAnswer: "A", selectedAnswer: "A" };
  const miss: ScoredQuestion = { correctAnswer: "A", selectedAnswer: "B" as OptionKey };
  const skip: ScoredQuestion = { correctAnswer: "A", selectedAnswer: null };
  return [
    ...Array.from({ length: correct }, () => right),
    ...Array.from({ length: wrong }, () => miss),
    ...Array.from({ length: Math.max(0, total - correct - wrong) }, () => skip),
  ];
}

export type RegradeTargetInput = {
  ref: TargetRef;
  now?: Date;
};

/**
 * An admin's regrade of one exam or quiz from its item analysis (decision 036): `regradeIn` in
 * its own transaction, then one "score changed" message to each student whose stored score or
 * pass changed, written in the same transaction (docs/guides/messages.md) and delivered by the
 * sweep; a second regrade changes nothing and writes none.
 */
export async function regradeTarget(
  db: Db,
  { ref, now = new Date() }: RegradeTargetInput,
): Promise<RegradeOutcome> {
  return db.transaction(async (tx) => {
    const regrade = await regradeIn(tx, { ref, now });
    // The students whose score or pass changed, each with their latest such attempt.
    const rescored = new Map<string, string>();
    for (const change of regrade.changes) {
      if (change.scoreChanged) rescored.set(change.userId, change.attemptId);
    }
    await enqueueMessages(tx, {
      messages: [...rescored].map(
        ([userId, attemptId]): NewMessage => ({
          kind: "scoreChanged",
          userId,
          // This regrade of this target: a later correction that changes the score again is a
          // new message; this one run twice is one.
          ref: `${ref.kind}-${ref.id}@${now.toISOString()}`,
          payload: { ...regrade.title, url: `/results/${attemptId}` },
        }),
      ),
      now,
    });
    return {
      attempts: regrade.attempts,
      regraded: regrade.regraded,
      regradedAt: now.toISOString(),
    };
  });
}

/** One completed attempt as a regrade found it and left it. */
export type RegradedAttempt = {
  attemptId: string;
  userId: string;
  isRanked: boolean;
  oldScore: number | null;
  newScore: number;
  /** Its stored score or pass changed. */
  scoreChanged: boolean;
};

export type RegradeInInput = {
  ref: TargetRef;
  now: Date;
  /** Only these questions' verdicts can have changed (a key change); default: every question. */
  questionIds?: readonly string[];
};

export type RegradeIn = {
  target: AttemptTarget;
  title: { title: string; titleHi: string };
  attempts: number;
  regraded: number;
  changes: RegradedAttempt[];
};

/**
 * Regrades every completed attempt of a target with the current keys and rules, in the caller's
 * transaction (decisions 036, 064): each answer's verdict (`verdict.ts`, the graders' rule), each
 * attempt's score and pass, then the analysis counters rebuilt from the ranked attempts, then what
 * the kind froze from the scores (a live test's published ranks). Ranks and percentiles of the
 * other kinds follow by themselves (computed per view from the stored scores). Attempts whose
 * verdicts, score or pass changed get `regraded_at = now`, which the student's result shows.
 *
 * Lock order, the graders' order (decision 034): attempt rows first (every attempt of the
 * target, in id order, FOR KEY SHARE: a submit or the sweeper holds its attempt FOR UPDATE, so a
 * grading under way finishes first and none starts until the regrade commits, while saves, which
 * take FOR SHARE, go on), then the target's row (FOR UPDATE: no new attempt can be inserted
 * meanwhile, its foreign key check waits; a quiz's counters trigger locks that row after the
 * attempt too), then the counters in (question, band) order inside `rebuildAnswerStats`.
 */
export async function regradeIn(
  tx: DbOrTx,
  { ref, now, questionIds }: RegradeInInput,
): Promise<RegradeIn> {
  await tx.execute(sql`
    select a.id from ${examAttempts} a where ${attemptsAt(ref, sql.raw("a"))}
     order by a.id for key share of a`);
  await lockTarget(tx, ref);
  const target = await loadTarget(tx, ref);
  if (!target) throw new AppError("NOT_FOUND", messagesOf(ref).notFound);

  const completed = sql`select a.id from ${examAttempts} a
                         where ${attemptsAt(ref, sql.raw("a"))} and a.completed_at is not null`;
  const onlyQuestions =
    questionIds && questionIds.length > 0
      ? sql`and sa.question_id in (${sql.join(
          questionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const verdict = verdictSql(sql.raw("q"), sql.raw("sa.selected_answer"));
  const tallies = await tx.execute(sql`
    with changed as (
      update ${studentAnswers} sa
         set is_correct = ${verdict}
        from ${questions} q
       where q.id = sa.question_id
         and sa.attempt_id in (${completed}) ${onlyQuestions}
         and sa.is_correct is distinct from ${verdict}
      returning sa.attempt_id, sa.question_id, sa.is_correct, sa.selected_answer
    )
    select a.id, a.user_id, a.score, a.passed, a.is_ranked,
           -- A question dropped out of the total has no verdict (verdict.ts): not counted.
           count(sa.id) filter (where case when c.attempt_id is not null then c.is_correct is not null
                                           else sa.is_correct is not null end)::int as total,
           -- The statement's snapshot shows answers as they were: a changed row counts as it is now.
           count(sa.id) filter (where case when c.attempt_id is not null then c.is_correct
                                           else sa.is_correct end)::int as correct,
           count(sa.id) filter (where sa.selected_answer is not null
                                  and not (case when c.attempt_id is not null then c.is_correct
                                                else sa.is_correct end))::int as wrong,
           bool_or(c.attempt_id is not null) as verdicts_changed
      from ${examAttempts} a
      left join ${studentAnswers} sa on sa.attempt_id = a.id
      left join changed c on c.attempt_id = sa.attempt_id and c.question_id = sa.question_id
     where a.id in (${completed})
     group by a.id
     order by a.completed_at, a.id`);

  const updates: { id: string; score: string; passed: boolean | null }[] = [];
  const changes: RegradedAttempt[] = [];
  const rows = (tallies as unknown as { rows: Tally[] }).rows;
  for (const row of rows) {
    const grade = gradeFor(target, scoredFromCounts(row.total, row.correct, row.wrong));
    const score = grade.stored.toFixed(2);
    const stored = row.score === null ? null : Number(row.score).toFixed(2);
    const scoreChanged = stored !== score || row.passed !== grade.passed;
    if (row.verdicts_changed || scoreChanged) {
      updates.push({ id: row.id, score, passed: grade.passed });
    }
    changes.push({
      attemptId: row.id,
      userId: row.user_id,
      isRanked: row.is_ranked,
      oldScore: stored === null ? null : Number(stored),
      newScore: Number(score),
      scoreChanged,
    });
  }
  if (updates.length > 0) {
    await tx.execute(sql`
      update ${examAttempts} a
         set score = x.score, passed = x.passed, regraded_at = ${now}
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
          as x(id uuid, score numeric, passed boolean)
       where a.id = x.id`);
  }
  await rebuildAnswerStats(tx, ref);
  await afterRegradeOf(tx, ref);
  return {
    target,
    title: { title: target.title, titleHi: summaryOf(target).quiz?.titleHi ?? "" },
    attempts: rows.length,
    regraded: updates.length,
    changes,
  };
}
