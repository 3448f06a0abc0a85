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
import { enqueueMessages, type NewMessage, type Outbox } from "../notifications/outbox.ts";

type KeyChangeRow = typeof keyChanges.$inferSelect;

export type RunKeyChangeRegradesInput = {
  now?: Date;
  /**
   * Delivers the messages a change wrote, right after its commit (the outbox's `deliver`), in
   * rounds of the dispatcher's size; without it the sweep sends them, a round at a time.
   */
  deliver?: (ids: string[], now: Date) => Promise<unknown>;
};

/** Messages delivered per call of `deliver`: the dispatcher's recipients per round. */
const DELIVER_CHUNK = 200;
/**
 * Calls of `deliver` under way at once: each message costs a few round trips to the database,
 * so a few rounds side by side keep it busy (each message is claimed under a lease, so rounds
 * never send one twice). Measured in bench:regrade.
 */
const DELIVER_CONCURRENCY = 4;

async function deliverAll(
  ids: string[],
  now: Date,
  deliver: NonNullable<RunKeyChangeRegradesInput["deliver"]>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const start = next;
      next += DELIVER_CHUNK;
      if (start >= ids.length) return;
      await deliver(ids.slice(start, start + DELIVER_CHUNK), now);
    }
  };
  await Promise.all(Array.from({ length: DELIVER_CONCURRENCY }, worker));
  // A student with two messages in two rounds at once is skipped by one of them (the dispatcher
  // locks a student per round): one more pass, one round at a time, sends what was skipped.
  for (let start = 0; start < ids.length; start += DELIVER_CHUNK) {
    await deliver(ids.slice(start, start + DELIVER_CHUNK), now);
  }
}

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
  { now = new Date(), deliver }: RunKeyChangeRegradesInput = {},
): Promise<number> {
  let done = 0;
  for (;;) {
    const told = await db.transaction(async (tx) => {
      const [change] = await tx
        .select()
        .from(keyChanges)
        .where(isNull(keyChanges.regradedAt))
        .orderBy(asc(keyChanges.createdAt), asc(keyChanges.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!change) return null;
      return regradeKeyChange(tx, change, now);
    });
    if (told === null) return done;
    done += 1;
    if (deliver) await deliverAll(told, now, deliver);
  }
}

/** Regrades one change in the caller's transaction; returns the ids of the messages it wrote. */
async function regradeKeyChange(tx: DbOrTx, change: KeyChangeRow, now: Date): Promise<string[]> {
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
  return told;
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
    if (!held?.isRanked) chosen.set(attempt.userId, attempt);
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

export type KickKeyChangeRegradesInput = {
  db: Db;
  background: Background;
  now: () => Date;
  /** The app's outbox: the students are told as soon as their regrade commits. */
  outbox?: Pick<Outbox, "deliver">;
};

/** Starts the regrade of the key changes just committed, without making the request wait. */
export function kickKeyChangeRegrades({
  db,
  background,
  now,
  outbox,
}: KickKeyChangeRegradesInput): void {
  background.run("key change regrade", () =>
    runKeyChangeRegrades(db, { now: now(), deliver: outbox?.deliver }),
  );
}
