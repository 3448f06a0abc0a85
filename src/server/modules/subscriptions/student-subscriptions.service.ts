import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { PAYMENT_MESSAGES, PLAN_MESSAGES } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";
import { activateSubscription } from "./activation.ts";
import { findPlanBar, PLAN_BAR_MESSAGES } from "./plan-eligibility.ts";
import { toSubscriptionDto } from "./subscription-view.ts";

export type GetMySubscriptionInput = {
  userId: string;
  now?: Date;
};

/**
 * The student's current subscription: the active one, else the latest that ended (expired or
 * cancelled) so the banner can say so. Pending checkouts are not a plan yet, and one that failed
 * (cancelled before it ever started) never was.
 */
export async function getMySubscription(
  db: Db,
  { userId, now = new Date() }: GetMySubscriptionInput,
) {
  const active = await findActiveSubscription(db, { userId, now });
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

export type ActivateFreePlanInput = {
  userId: string;
  planId: string;
  now?: Date;
};

/**
 * A free plan (price 0) starts at once, without a payment, for a student without an active plan.
 * It activates at most once per student and never after an admin cancelled it (decision 028):
 * the profile row lock makes a student's requests wait for each other, and the unique index
 * `user_subscriptions_free_once` refuses a second free row even if something skipped the check.
 */
export async function activateFreePlan(
  db: Db,
  { userId, planId, now = new Date() }: ActivateFreePlanInput,
) {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
    if (!plan) throw new AppError("CONFLICT", PAYMENT_MESSAGES.planUnavailable);
    if (Number(plan.price) !== 0) {
      throw new AppError("BAD_REQUEST", "This plan is paid: subscribe through the payment page.");
    }
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    const current = await findActiveSubscription(tx, { userId, now, lock: true });
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
    const bar = await findPlanBar(tx, { userId, plan: { id: plan.id, isFree: true } });
    if (bar) throw new AppError("CONFLICT", PLAN_BAR_MESSAGES[bar]);
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
        practiceLimit: plan.practiceLimit,
        evaluationLimit: plan.evaluationLimit,
        freeActivation: true,
      })
      .returning()
      .catch((error: unknown) => {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) {
          throw new AppError("CONFLICT", PAYMENT_MESSAGES.freeUsedOnce);
        }
        throw error;
      });
    if (!pending) throw new Error("insert returned nothing");
    return toSubscriptionDto(await activateSubscription(tx, { subscription: pending, now }), now);
  });
}
