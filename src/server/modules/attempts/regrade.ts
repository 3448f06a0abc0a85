import { sql } from "drizzle-orm";
import type { OptionKey } from "../../../shared/constants.ts";
import type { ScoredQuestion } from "../../../shared/scoring.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, questions, studentAnswers } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { enqueueMessages, type NewMessage } from "../notifications/outbox.ts";
import { rebuildAnswerStats } from "./answer-stats.ts";
import {
  attemptsAt,
  gradeFor,
  loadTarget,
  lockTarget,
  messagesOf,
  summaryOf,
  type TargetRef,
} from "./attempt-target.ts";

type Tally = {
  id: string;
  user_id: string;
  score: string | null;
  passed: boolean | null;
  total: number;
  correct: number;
  wrong: number;
  verdicts_changed: boolean;
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
 * Regrades every completed attempt of an exam or a quiz with the current keys and rules, in one
 * transaction (decision 036): each answer's verdict, each attempt's score and pass, then the
 * analysis counters rebuilt from the ranked attempts. Ranks and percentiles follow by
 * themselves (they are computed per view from the stored scores). Attempts whose verdicts,
 * score or pass changed get `regraded_at = now`, which the student's result shows as a note.
 * Each student whose stored score or pass changed gets one "score changed" message, written in
 * the same transaction (docs/guides/messages.md) and delivered by the sweep; a second regrade
 * changes nothing and writes none.
 *
 * Lock order, the graders' order (decision 034): attempt rows first (every attempt of the
 * target, in id order, FOR KEY SHARE: a submit or the sweeper holds its attempt FOR UPDATE, so a
 * grading under way finishes first and none starts until the regrade commits, while saves, which
 * take FOR SHARE, go on), then the target's row (FOR UPDATE: no new attempt can be inserted
 * meanwhile, its foreign key check waits; a quiz's counters trigger locks that row after the
 * attempt too), then the counters in (question, band) order inside `rebuildAnswerStats`.
 */
export async function regradeTarget(
  db: Db,
  { ref, now = new Date() }: RegradeTargetInput,
): Promise<RegradeOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      select a.id from ${examAttempts} a where ${attemptsAt(ref, sql.raw("a"))}
       order by a.id for key share of a`);
    await lockTarget(tx, ref);
    const target = await loadTarget(tx, ref);
    if (!target) throw new AppError("NOT_FOUND", messagesOf(ref).notFound);

    const completed = sql`select a.id from ${examAttempts} a
                           where ${attemptsAt(ref, sql.raw("a"))} and a.completed_at is not null`;
    const tallies = await tx.execute(sql`
      with changed as (
        update ${studentAnswers} sa
           set is_correct = coalesce(sa.selected_answer = q.correct_answer, false)
          from ${questions} q
         where q.id = sa.question_id
           and sa.attempt_id in (${completed})
           and sa.is_correct is distinct from coalesce(sa.selected_answer = q.correct_answer, false)
        returning sa.attempt_id, sa.question_id, sa.is_correct, sa.selected_answer
      )
      select a.id, a.user_id, a.score, a.passed,
             count(sa.id)::int as total,
             -- The statement's snapshot shows answers as they were: a changed row counts as it is now.
             count(sa.id) filter (where coalesce(c.is_correct, sa.is_correct))::int as correct,
             count(sa.id) filter (where sa.selected_answer is not null
                                    and not coalesce(c.is_correct, sa.is_correct, false))::int as wrong,
             bool_or(c.attempt_id is not null) as verdicts_changed
        from ${examAttempts} a
        left join ${studentAnswers} sa on sa.attempt_id = a.id
        left join changed c on c.attempt_id = sa.attempt_id and c.question_id = sa.question_id
       where a.id in (${completed})
       group by a.id
       order by a.completed_at, a.id`);

    const updates: { id: string; score: string; passed: boolean | null }[] = [];
    // The students whose score or pass changed, each with their latest such attempt.
    const rescored = new Map<string, string>();
    const rows = (tallies as unknown as { rows: Tally[] }).rows;
    for (const row of rows) {
      const grade = gradeFor(target, scoredFromCounts(row.total, row.correct, row.wrong));
      const score = grade.stored.toFixed(2);
      const stored = row.score === null ? null : Number(row.score).toFixed(2);
      if (row.verdicts_changed || stored !== score || row.passed !== grade.passed) {
        updates.push({ id: row.id, score, passed: grade.passed });
      }
      if (stored !== score || row.passed !== grade.passed) rescored.set(row.user_id, row.id);
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
    const title = { title: target.title, titleHi: summaryOf(target).quiz?.titleHi ?? "" };
    await enqueueMessages(tx, {
      messages: [...rescored].map(
        ([userId, attemptId]): NewMessage => ({
          kind: "scoreChanged",
          userId,
          // This regrade of this target: a later correction that changes the score again is a
          // new message; this one run twice is one.
          ref: `${ref.kind}-${ref.id}@${now.toISOString()}`,
          payload: { ...title, url: `/results/${attemptId}` },
        }),
      ),
      now,
    });
    return { attempts: rows.length, regraded: updates.length, regradedAt: now.toISOString() };
  });
}
