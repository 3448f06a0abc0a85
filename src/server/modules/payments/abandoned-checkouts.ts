import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { paymentTransactions, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { releaseCredit } from "../referrals/referral-ledger.ts";
import { abandonedBefore } from "../subscriptions/checkout-window.ts";

export const ABANDONED_REASON = "Checkout not completed: the payment window was left unpaid.";

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
    const failed = await tx
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
      )
      .returning({ id: paymentTransactions.id });
    // Referral credit held by an abandoned checkout is spendable again (decisions 043 and 058).
    await releaseCredit(tx, { transactionIds: failed.map((row) => row.id), now });
    return cancelled.length;
  });
}
