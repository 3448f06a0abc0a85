import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { PAYMENT_MESSAGES, PLAN_MESSAGES } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";
import { activateSubscription } from "./activation.ts";
import { toSubscriptionDto } from "./subscription-view.ts";

/**
 * The student's current subscription: the active one, else the latest that ended (expired or
 * cancelled) so the banner can say so. Pending checkouts are not a plan yet, and one that failed
 * (cancelled before it ever started) never was.
 */
export async function getMySubscription(db: Db, userId: string, now = new Date()) {
  const active = await findActiveSubscription(db, userId, now);
  const [row] = active
    ? await db.select().from(userSubscriptions).where(eq(userSubscriptions.id, active.id))
    : await db
        .select()
        .from(userSubscriptions)
        .where(
          and(
            eq(userSubscriptions.userId, userId),
            inArray(userSubscriptions.status, ["active", "expired", "cancelled"]),
            isNotNull(userSubscriptions.startDate),
          ),
        )
        .orderBy(desc(userSubscriptions.updatedAt))
        .limit(1);
  return row ? toSubscriptionDto(row, now) : null;
}

/** A free plan (price 0) starts at once, without a payment. */
export async function activateFreePlan(db: Db, userId: string, planId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
    if (!plan) throw new AppError("CONFLICT", PAYMENT_MESSAGES.planUnavailable);
    if (Number(plan.price) !== 0) {
      throw new AppError("BAD_REQUEST", "This plan is paid: subscribe through the payment page.");
    }
    const current = await findActiveSubscription(tx, userId, now, { lock: true });
    if (current) {
      const [row] = await tx
        .select({ planId: userSubscriptions.planId })
        .from(userSubscriptions)
        .where(eq(userSubscriptions.id, current.id));
      throw new AppError(
        "CONFLICT",
        row?.planId === planId ? PLAN_MESSAGES.alreadyCurrent : PAYMENT_MESSAGES.freeWhileActive,
      );
    }
    const [pending] = await tx
      .insert(userSubscriptions)
      .values({
        userId,
        planId: plan.id,
        status: "pending",
        planName: plan.name,
        durationDays: plan.durationDays,
        examLimit: plan.examLimit,
        attemptLimitPerExam: plan.attemptLimitPerExam,
      })
      .returning();
    if (!pending) throw new Error("insert returned nothing");
    return toSubscriptionDto(await activateSubscription(tx, pending, now), now);
  });
}
