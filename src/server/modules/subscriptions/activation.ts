import { and, eq, lte, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";

const DAY_MS = 86_400_000;

/** A plan's end, from its own duration only: `start + durationDays`, or none when lifetime (0). */
export function planEndDate(start: Date, durationDays: number): Date | null {
  return durationDays === 0 ? null : new Date(start.getTime() + durationDays * DAY_MS);
}

export type ActivateSubscriptionInput = {
  subscription: { id: string; userId: string; durationDays: number };
  now: Date;
  paymentId?: string | null;
};

/**
 * Turns a pending (or cancelled-by-a-failed-payment) subscription active, inside the caller's
 * transaction (decision 028). It runs from now for its own plan's duration, whatever the student
 * held before; a subscription active at that moment ends now with status 'replaced'. A row still
 * marked active past its end date is expired first. The student's profile row is locked first,
 * so activations of one student (a free plan, the browser's verification, a webhook) happen one
 * after the other.
 */
export async function activateSubscription(
  tx: DbOrTx,
  { subscription, now, paymentId = null }: ActivateSubscriptionInput,
) {
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, subscription.userId))
    .for("update");
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
  await tx
    .update(userSubscriptions)
    .set({ status: "replaced", endDate: now, updatedAt: now })
    .where(
      and(
        eq(userSubscriptions.userId, subscription.userId),
        eq(userSubscriptions.status, "active"),
        ne(userSubscriptions.id, subscription.id),
      ),
    );
  const [activated] = await tx
    .update(userSubscriptions)
    .set({
      status: "active",
      startDate: now,
      endDate: planEndDate(now, subscription.durationDays),
      updatedAt: now,
      ...(paymentId ? { gatewayPaymentId: paymentId } : {}),
    })
    .where(eq(userSubscriptions.id, subscription.id))
    .returning();
  if (!activated) throw new Error("subscription vanished during activation");
  return activated;
}
