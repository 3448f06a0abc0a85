import { and, desc, eq, notInArray } from "drizzle-orm";
import {
  MAX_PUSH_DEVICES,
  NOTIFICATION_MESSAGES,
  type PushSubscriptionInput,
} from "../../../shared/notifications.ts";
import type { Db } from "../../db/client.ts";
import { pushSubscriptions } from "../../db/schema/notifications.ts";
import { AppError } from "../../lib/app-error.ts";
import { checkPushTarget, type PushLookup } from "./push-endpoint.ts";

/** A P-256 public key as browsers give it: an uncompressed point, 65 bytes starting 0x04. */
function isP256Point(value: string): boolean {
  const bytes = Buffer.from(value, "base64url");
  return bytes.length === 65 && bytes[0] === 4;
}

export type SaveSubscriptionInput = {
  userId: string;
  input: PushSubscriptionInput;
  options: { allowHttpLoopback: boolean; lookup: PushLookup; now: Date };
};

/**
 * Stores this browser's subscription for the signed-in student. The endpoint names one browser
 * profile: subscribing it again with new keys updates the row. An endpoint another account holds
 * stays that account's (409): sign-out removes the device, so a second account meets it only when
 * that failed, and moving it would let anyone who learnt an endpoint take another's reminders.
 * The endpoint must pass the push address rule (decision 044) and lead only to addresses the
 * server would send to; a name that cannot be looked up now is checked again at every send.
 */
export async function saveSubscription(
  db: Db,
  { userId, input, options }: SaveSubscriptionInput,
): Promise<void> {
  const checked = await checkPushTarget(input.endpoint, options);
  if (!checked.ok && checked.reason !== "lookup") {
    throw new AppError("VALIDATION_FAILED", NOTIFICATION_MESSAGES.endpointInvalid);
  }
  if (!isP256Point(input.keys.p256dh) || Buffer.from(input.keys.auth, "base64url").length !== 16) {
    throw new AppError("VALIDATION_FAILED", NOTIFICATION_MESSAGES.keysInvalid);
  }
  const row = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await db.transaction(async (tx) => {
    const saved = await tx
      .insert(pushSubscriptions)
      .values({ ...row, endpoint: input.endpoint, createdAt: options.now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: row,
        setWhere: eq(pushSubscriptions.userId, userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) {
      throw new AppError("CONFLICT", NOTIFICATION_MESSAGES.endpointTaken);
    }
    // Every reminder goes to each device: a student keeps at most MAX_PUSH_DEVICES, the newest.
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(
        desc(eq(pushSubscriptions.endpoint, input.endpoint)),
        desc(pushSubscriptions.createdAt),
      )
      .limit(MAX_PUSH_DEVICES);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
}

export type DeleteSubscriptionInput = {
  userId: string;
  endpoint: string;
};

/** Removes one of the student's own subscriptions; another's endpoint is not found (404). */
export async function deleteSubscription(
  db: Db,
  { userId, endpoint }: DeleteSubscriptionInput,
): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) {
    throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.subscriptionNotFound);
  }
}
