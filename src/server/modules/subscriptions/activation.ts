import { and, eq, lte, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";

const DAY_MS = 86_400_000;

/**
 * Turns a pending (or cancelled-by-a-failed-payment) subscription active, inside the caller's
 * transaction. Rule: with no current subscription it runs from now for the plan's duration; bought
 * while another is active, the new one runs from now until the current end date plus the new
 * duration (the current one ends now, as expired). Lifetime (duration 0, or a lifetime current
 * subscription) has no end date. A row still marked active past its end date is expired first.
 */
export async function activateSubscription(
  tx: DbOrTx,
  subscription: { id: string; userId: string; durationDays: number },
  now: Date,
  paymentId: string | null = null,
) {
  await tx
    .update(userSubscriptions)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(userSubscriptions.userId, subscription.userId),
        eq(userSubscriptions.status, "active"),
        lte(userSubscriptions.endDate, now),
      ),
    );
  const [current] = await tx
    .select({ id: userSubscriptions.id, endDate: userSubscriptions.endDate })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, subscription.userId),
        eq(userSubscriptions.status, "active"),
        ne(userSubscriptions.id, subscription.id),
      ),
    )
    .for("update");
  let endDate: Date | null;
  if (subscription.durationDays === 0 || (current && current.endDate === null)) endDate = null;
  else {
    const from = current?.endDate && current.endDate > now ? current.endDate : now;
    endDate = new Date(from.getTime() + subscription.durationDays * DAY_MS);
  }
  if (current) {
    await tx
      .update(userSubscriptions)
      .set({ status: "expired", endDate: now, updatedAt: now })
      .where(eq(userSubscriptions.id, current.id));
  }
  const [activated] = await tx
    .update(userSubscriptions)
    .set({
      status: "active",
      startDate: now,
      endDate,
      updatedAt: now,
      ...(paymentId ? { gatewayPaymentId: paymentId } : {}),
    })
    .where(eq(userSubscriptions.id, subscription.id))
    .returning();
  if (!activated) throw new Error("subscription vanished during activation");
  return activated;
}
