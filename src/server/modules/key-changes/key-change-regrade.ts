import { asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { questions } from "../../db/schema/exams.ts";
import { pyqAnswers } from "../../db/schema/pyq.ts";
import { keyChanges } from "../../db/schema/question-reports.ts";
import type { Background } from "../../lib/background.ts";
import {
  scoreScaleOf,
  shownRanksOf,
  type TargetRef,
  targetsHolding,
} from "../attempts/attempt-target.ts";
import { type RegradeIn, regradeIn } from "../attempts/regrade.ts";
import { verdictSql } from "../attempts/verdict.ts";
import { enqueueMessages, type NewMessage } from "../notifications/outbox.ts";

type KeyChangeRow = typeof keyChanges.$inferSelect;

export type RunKeyChangeRegradesInput = { now?: Date };

/**
 * The key-change worker (decision 064): for each key change not yet regraded, oldest first, one
 * transaction that regrades every completed attempt holding the question, of every kind
 * (`targetsHolding`: its exam and live test, its quiz, the practice tests and revision sessions
 * drawn with it), the previous-year explorer's verdicts, the published ranks of a live test, and
 * tells each student whose score or rank changed (their old and new score and rank), then marks
 * the change regraded. The change's row is taken FOR UPDATE SKIP LOCKED, so instances running it
 * at once share the work, and a crash leaves it pending for the next run (the sweeper, or the
 * next request's kick). Returns how many changes it regraded.
 */
export async function runKeyChangeRegrades(
  db: Db,
  { now = new Date() }: RunKeyChangeRegradesInput = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    const regraded = await db.transaction(async (tx) => {
      const [change] = await tx
        .select()
        .from(keyChanges)
        .where(isNull(keyChanges.regradedAt))
        .orderBy(asc(keyChanges.createdAt), asc(keyChanges.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!change) return false;
      await regradeKeyChange(tx, change, now);
      return true;
    });
    if (!regraded) return done;
    done += 1;
  }
}

async function regradeKeyChange(tx: DbOrTx, change: KeyChangeRow, now: Date): Promise<void> {
  const refs = await targetsHolding(tx, { questionId: change.questionId });
  let attempts = 0;
  const messages: NewMessage[] = [];
  for (const ref of refs) {
    // The ranks as students see them now, before the regrade (null: results not out yet).
    const before = await shownRanksOf(tx, ref);
    const regrade = await regradeIn(tx, { ref, now, questionIds: [change.questionId] });
    attempts += regrade.attempts;
    if (before === null) continue;
    const after = (await shownRanksOf(tx, ref)) ?? new Map();
    messages.push(...tellings(change, ref, regrade, before, after));
  }
  // The previous-year explorer's stored verdicts of the question (a dropped one is right for all).
  const verdict = verdictSql(sql`${questions}`, sql`${pyqAnswers.selectedAnswer}`);
  await tx.execute(sql`
    update ${pyqAnswers} set is_correct = coalesce(${verdict}, true)
      from ${questions}
     where ${questions.id} = ${pyqAnswers.questionId} and ${pyqAnswers.questionId} = ${change.questionId}
       and ${pyqAnswers.isCorrect} is distinct from coalesce(${verdict}, true)`);
  const told = await enqueueMessages(tx, { messages, now });
  await tx
    .update(keyChanges)
    .set({ regradedAt: now, attemptsRegraded: attempts, studentsTold: told.length })
    .where(eq(keyChanges.id, change.id));
}

type Ranks = Map<string, { rank: number; of: number }>;

/**
 * One "score changed" message per student at the target whose score or shown rank changed: about
 * their ranked attempt when it changed, else their latest attempt whose score changed.
 */
function tellings(
  change: KeyChangeRow,
  ref: TargetRef,
  regrade: RegradeIn,
  before: Ranks,
  after: Ranks,
): NewMessage[] {
  const scale = scoreScaleOf(regrade.target);
  const shown = (score: number | null) => {
    const value = score === null ? "–" : String(Number(score.toFixed(2)));
    return scale.unit === "percent" ? `${value}%` : `${value}/${scale.max}`;
  };
  const chosen = new Map<string, RegradeIn["changes"][number]>();
  for (const attempt of regrade.changes) {
    const old = before.get(attempt.attemptId);
    const now = after.get(attempt.attemptId);
    const rankChanged = old !== undefined && now !== undefined && old.rank !== now.rank;
    if (!attempt.scoreChanged && !rankChanged) continue;
    const held = chosen.get(attempt.userId);
    // Changes come in completion order: a ranked attempt wins, else the latest.
    if (!held || !held.isRanked) chosen.set(attempt.userId, attempt);
  }
  return [...chosen.values()].map((attempt) => {
    const old = before.get(attempt.attemptId);
    const now = after.get(attempt.attemptId);
    return {
      kind: "scoreChanged",
      userId: attempt.userId,
      ref: `key-change-${change.id}-${ref.kind}-${ref.id}`,
      payload: {
        ...regrade.title,
        oldScore: shown(attempt.oldScore),
        newScore: shown(attempt.newScore),
        ...(old && now ? { oldRank: old.rank, newRank: now.rank, of: now.of } : {}),
        url: `/results/${attempt.attemptId}`,
      },
    };
  });
}

export type KickKeyChangeRegradesInput = { db: Db; background: Background; now: () => Date };

/** Starts the regrade of the key changes just committed, without making the request wait. */
export function kickKeyChangeRegrades({ db, background, now }: KickKeyChangeRegradesInput): void {
  background.run("key change regrade", () => runKeyChangeRegrades(db, { now: now() }));
}
