import { and, asc, count, desc, eq, gt, gte, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import { pageOf } from "../../../shared/page.ts";
import type { PaginationQuery } from "../../../shared/pagination.ts";
import { planDeleteBlockedMessage, type planInputSchema } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { abandonedBefore } from "./checkout-window.ts";

type PlanInput = z.output<typeof planInputSchema>;
type PlanRow = typeof subscriptionPlans.$inferSelect;

export function toPlanDto(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    durationDays: row.durationDays,
    examLimit: row.examLimit,
    attemptLimitPerExam: row.attemptLimitPerExam,
    practiceLimit: row.practiceLimit,
    evaluationLimit: row.evaluationLimit,
    features: row.features,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toRow = (input: PlanInput) => ({ ...input, price: input.price.toFixed(2) });

/** Admin list: plans newest first (index subscription_plans_created_at_idx), a page at a time. */
export async function listPlansForAdmin(db: Db, page: PaginationQuery) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(subscriptionPlans)
      .orderBy(desc(subscriptionPlans.createdAt), desc(subscriptionPlans.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(subscriptionPlans),
  ]);
  const items = rows.map(toPlanDto);
  return pageOf(items, total, page);
}

/** Student list: active plans by price, cheapest first. */
export async function listActivePlans(db: Db) {
  const rows = await db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.name));
  return rows.map(toPlanDto);
}

export async function createPlan(db: Db, input: PlanInput) {
  const [row] = await db.insert(subscriptionPlans).values(toRow(input)).returning();
  if (!row) throw new Error("insert returned nothing");
  return toPlanDto(row);
}

export type UpdatePlanInput = {
  id: string;
  input: PlanInput;
};

/** Edits apply to new purchases; subscriptions keep the terms they were bought with. */
export async function updatePlan(db: Db, { id, input }: UpdatePlanInput) {
  const [row] = await db
    .update(subscriptionPlans)
    .set({ ...toRow(input), updatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Plan not found.");
  return toPlanDto(row);
}

export type DeletePlanInput = {
  id: string;
  now?: Date;
};

/**
 * Refused (409, the spec's message) while anyone holds an active, unexpired subscription to the
 * plan or is paying for it (pending, unless abandoned: older than ABANDONED_CHECKOUT_MS, which the
 * sweeper cancels anyway). Past subscriptions keep their copy of the plan's terms.
 */
export async function deletePlan(db: Db, { id, now = new Date() }: DeletePlanInput) {
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, id))
      .for("update");
    if (!plan) throw new AppError("NOT_FOUND", "Plan not found.");
    const [holders] = await tx
      .select({ n: count() })
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.planId, id),
          or(
            and(
              eq(userSubscriptions.status, "active"),
              or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
            ),
            and(
              eq(userSubscriptions.status, "pending"),
              gte(userSubscriptions.createdAt, abandonedBefore(now)),
            ),
          ),
        ),
      );
    const n = holders?.n ?? 0;
    if (n > 0) throw new AppError("CONFLICT", planDeleteBlockedMessage(n), { subscribers: n });
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    return { id };
  });
}
