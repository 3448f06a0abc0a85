import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentTransactions, userSubscriptions } from "../../db/schema/subscriptions.ts";

/**
 * How long a checkout may stay unpaid before it counts as abandoned. Checkout reuses an unpaid
 * order for 30 minutes (checkout.service.ts) and a sheet is open for minutes, so two hours is
 * well past any checkout still under way. A payment captured later still activates (the ledger
 * accepts a cancelled subscription), so the cut-off only decides what stops blocking.
 */
export const ABANDONED_CHECKOUT_MS = 2 * 60 * 60_000;

export const ABANDONED_REASON = "Checkout not completed: the payment window was left unpaid.";

/** A pending subscription created before this moment is an abandoned checkout. */
export const abandonedBefore = (now: Date) => new Date(now.getTime() - ABANDONED_CHECKOUT_MS);

/**
 * The sweeper: checkouts left pending past ABANDONED_CHECKOUT_MS are cancelled and their
 * transactions read failed, as if the payment had failed. Safe on every instance at once: each
 * row changes only while it is still pending (or created), so a second sweeper, or a payment
 * being recorded at the same moment, finds nothing left to change.
 */
export async function expireAbandonedCheckouts(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(userSubscriptions)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        and(
          eq(userSubscriptions.status, "pending"),
          lt(userSubscriptions.createdAt, abandonedBefore(now)),
        ),
      )
      .returning({ id: userSubscriptions.id });
    if (cancelled.length === 0) return 0;
    await tx
      .update(paymentTransactions)
      .set({ status: "failed", failureReason: ABANDONED_REASON, updatedAt: now })
      .where(
        and(
          inArray(
            paymentTransactions.subscriptionId,
            cancelled.map((row) => row.id),
          ),
          eq(paymentTransactions.status, "created"),
        ),
      );
    return cancelled.length;
  });
}
