import { sql } from "drizzle-orm";
import type { SubscriptionStatus } from "../../../shared/subscriptions.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";

/** The status everyone sees: a row still marked active after its end date reads as expired. */
export const effectiveStatus = sql<SubscriptionStatus>`case when ${userSubscriptions.status} = 'active' and ${userSubscriptions.endDate} is not null and ${userSubscriptions.endDate} <= now() then 'expired'::subscription_status else ${userSubscriptions.status} end`;

type SubscriptionRow = typeof userSubscriptions.$inferSelect;

export function toSubscriptionDto(row: SubscriptionRow, now = new Date()) {
  const lapsed = row.status === "active" && row.endDate !== null && row.endDate <= now;
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    status: (lapsed ? "expired" : row.status) as SubscriptionStatus,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    durationDays: row.durationDays,
    examLimit: row.examLimit,
    attemptLimitPerExam: row.attemptLimitPerExam,
    practiceLimit: row.practiceLimit,
    evaluationLimit: row.evaluationLimit,
  };
}
