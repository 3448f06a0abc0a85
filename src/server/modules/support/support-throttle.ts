import {
  formatWait,
  getLockSeconds,
  recordFailure,
  type ThrottlePolicy,
} from "../../auth/account-throttle.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * The public forms reuse the sign-in throttle's counter (the auth_failures table, one statement
 * per count, shared by every instance): each sent form counts, five in an hour are free, then
 * the sender waits 10 minutes, doubling up to an hour (decision 040).
 */
export const FORM_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  baseLockSeconds: 10 * 60,
  maxLockSeconds: 60 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** Who is sending: the signed-in user, else the client's address (lib/client-ip.ts). */
export function senderKey(form: "support" | "feedback", userId: string | null, ip: string | null) {
  return `${form}:${userId ? `user:${userId}` : `ip:${ip ?? "unknown"}`}`;
}

export type AssertMaySendInput = {
  key: string;
  now: Date;
};

/** Refuses a sender still waiting, before anything is stored. */
export async function assertMaySend(db: Db, { key, now }: AssertMaySendInput) {
  const wait = await getLockSeconds(db, key, now);
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      `Too many messages. Please try again in ${formatWait(wait)}.`,
      { retryAfterSeconds: wait },
    );
  }
}

export type CountSentInput = {
  key: string;
  now: Date;
};

export async function countSent(db: Db, { key, now }: CountSentInput) {
  await recordFailure(db, key, now, FORM_THROTTLE);
}
