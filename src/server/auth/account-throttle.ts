import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { authFailures } from "../db/schema/auth-throttle.ts";

export type ThrottlePolicy = {
  /** Wrong passwords allowed before the account is locked for a while. */
  freeFailures: number;
  /** First lock; each further failure doubles it... */
  baseLockSeconds: number;
  /** ...up to this. */
  maxLockSeconds: number;
  /** A count with no failure for this long starts again from zero. */
  forgetAfterSeconds: number;
};

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  baseLockSeconds: 30,
  maxLockSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

export const accountKey = {
  email: (email: string) => `email:${email.trim().toLowerCase()}`,
  user: (userId: string) => `user:${userId}`,
};

/** Seconds the account must still wait, or 0 when it may try. */
export async function getLockSeconds(db: Db, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: authFailures.lockedUntil })
    .from(authFailures)
    .where(and(eq(authFailures.key, key), gt(authFailures.lockedUntil, now)));
  return row?.lockedUntil ? Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000) : 0;
}

/**
 * Counts one failure and locks the account once it has used its free failures, for
 * base × 2^(failures − free) seconds, capped. One statement, so instances racing on the same
 * account each add their failure. Returns the lock in seconds (0 when not locked).
 */
export async function recordFailure(
  db: Db,
  key: string,
  now: Date,
  policy: ThrottlePolicy = DEFAULT_THROTTLE_POLICY,
): Promise<number> {
  const forgetBefore = new Date(now.getTime() - policy.forgetAfterSeconds * 1000);
  const failures = sql`(case when ${authFailures.lastFailureAt} < ${forgetBefore} then 1
    else ${authFailures.failures} + 1 end)`;
  const lockFor = (count: unknown) => sql`case when ${count} >= ${policy.freeFailures}
    then ${now}::timestamptz + make_interval(secs => least(
      ${policy.baseLockSeconds} * power(2, ${count} - ${policy.freeFailures}),
      ${policy.maxLockSeconds}))
    end`;
  const [row] = await db
    .insert(authFailures)
    .values({ key, failures: 1, lastFailureAt: now, lockedUntil: sql`${lockFor(sql`1`)}` })
    .onConflictDoUpdate({
      target: authFailures.key,
      set: { failures, lastFailureAt: now, lockedUntil: lockFor(failures) },
    })
    .returning({ lockedUntil: authFailures.lockedUntil });
  const until = row?.lockedUntil;
  return until ? Math.ceil((until.getTime() - now.getTime()) / 1000) : 0;
}

/** A correct password: the account starts again with all its free failures. */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(authFailures).where(eq(authFailures.key, key));
}

/**
 * A completed password reset: every count kept for the account (its sign-in email and its
 * signed-in checks) starts again, so whoever kept it locked cannot keep the owner out.
 */
export async function clearAccountFailures(
  db: Db,
  account: { email: string; userId: string },
): Promise<void> {
  const keys = [accountKey.email(account.email), accountKey.user(account.userId)];
  await db.delete(authFailures).where(inArray(authFailures.key, keys));
}

/** "30 seconds", "1 minute", "15 minutes": how long a locked-out person must wait. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
