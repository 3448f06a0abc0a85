import { and, eq, isNotNull, or } from "drizzle-orm";
import { PAYMENT_MESSAGES } from "../../../shared/subscriptions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";

/** Why a student may not activate a plan again, or null when nothing stands in the way. */
export type PlanBar = "cancelled-by-admin" | "free-used-once";

export const PLAN_BAR_MESSAGES = {
  "cancelled-by-admin": PAYMENT_MESSAGES.cancelledByAdmin,
  "free-used-once": PAYMENT_MESSAGES.freeUsedOnce,
} as const satisfies Record<PlanBar, string>;

export type FindPlanBarInput = {
  userId: string;
  plan: { id: string; isFree: boolean };
};

/**
 * Decision 028: an admin's cancellation of a plan sticks (the student can never activate that
 * plan again, free or paid), and a price-0 plan activates at most once per student, ever (any
 * earlier start of that plan counts, however it ended). Call it inside the activating
 * transaction after locking the student's profile row, so two requests see each other's rows.
 */
export async function findPlanBar(
  tx: DbOrTx,
  { userId, plan }: FindPlanBarInput,
): Promise<PlanBar | null> {
  const rows = await tx
    .select({ cancelledByAdminAt: userSubscriptions.cancelledByAdminAt })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.planId, plan.id),
        or(isNotNull(userSubscriptions.cancelledByAdminAt), isNotNull(userSubscriptions.startDate)),
      ),
    );
  if (rows.some((r) => r.cancelledByAdminAt !== null)) return "cancelled-by-admin";
  if (plan.isFree && rows.length > 0) return "free-used-once";
  return null;
}
