import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planDeleteBlockedMessage } from "../../../shared/subscriptions.ts";
import {
  paymentTransactions,
  subscriptionPlans,
  userSubscriptions,
} from "../../db/schema/subscriptions.ts";
import { createPaymentsContext } from "../../test/payments-context.ts";
import { ABANDONED_CHECKOUT_MS } from "../subscriptions/checkout-window.ts";
import { deletePlan } from "../subscriptions/plans.service.ts";
import { ABANDONED_REASON, expireAbandonedCheckouts } from "./abandoned-checkouts.ts";

let p: Awaited<ReturnType<typeof createPaymentsContext>>;

beforeAll(async () => {
  p = await createPaymentsContext();
  expect((await p.saveKeys()).status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

async function startCheckout(planId: string) {
  const student = await p.t.createUser("student");
  const response = await p.t.request("/api/payments/razorpay/orders", {
    cookie: student.cookie,
    body: { planId, stateCode: "07" },
  });
  expect(response.status).toBe(200);
  const order = (await response.json()) as { orderId: string };
  return { student, orderId: order.orderId };
}

async function rowsFor(userId: string) {
  const [subscription] = await p.t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  const [transaction] = await p.t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId));
  return { subscription, transaction };
}

/** Moves a checkout's start back in time, as if the student had opened it that long ago. */
async function age(userId: string, ms: number) {
  const then = new Date(Date.now() - ms);
  await p.t.db
    .update(userSubscriptions)
    .set({ createdAt: then })
    .where(eq(userSubscriptions.userId, userId));
  await p.t.db
    .update(paymentTransactions)
    .set({ createdAt: then })
    .where(eq(paymentTransactions.userId, userId));
}

const planExists = async (id: string) =>
  (await p.t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id))).length === 1;

describe("abandoned checkouts", () => {
  it("a checkout under way blocks deleting its plan; an abandoned one does not", async () => {
    const plan = await p.createPlan({ name: "Abandoned Monthly" });
    const fresh = await startCheckout(plan.id);
    const stale = await startCheckout(plan.id);
    await age(stale.student.id, ABANDONED_CHECKOUT_MS + 60_000);

    // Only the fresh checkout counts (1 user, not 2); nothing changes.
    const refused = await p.t.request(`/api/admin/subscription-plans/${plan.id}`, {
      method: "DELETE",
      cookie: p.admin.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(planDeleteBlockedMessage(1));
    expect(await planExists(plan.id)).toBe(true);
    expect((await rowsFor(fresh.student.id)).subscription?.status).toBe("pending");

    // Once the fresh one is as old, the plan can go (even before any sweeper has run).
    await expect(
      deletePlan(p.t.db, {
        id: plan.id,
        now: new Date(Date.now() + ABANDONED_CHECKOUT_MS + 60_000),
      }),
    ).resolves.toEqual({ id: plan.id });
    expect(await planExists(plan.id)).toBe(false);
    // The checkouts keep the terms they were opened with.
    expect((await rowsFor(stale.student.id)).subscription).toMatchObject({
      planId: null,
      planName: "Abandoned Monthly",
    });
  });

  it("the sweeper cancels only stale checkouts, once, and a late payment still activates", async () => {
    const plan = await p.createPlan();
    const paid = await startCheckout(plan.id);
    await p.pay(paid.orderId);
    await p.sandbox.deliverQueued();
    const fresh = await startCheckout(plan.id);
    const stale = await startCheckout(plan.id);
    await age(stale.student.id, ABANDONED_CHECKOUT_MS + 1000);
    await age(paid.student.id, ABANDONED_CHECKOUT_MS + 1000);
    const before = {
      paid: await rowsFor(paid.student.id),
      fresh: await rowsFor(fresh.student.id),
    };

    // Stale checkouts in this database: this test's, and the one the test above left pending.
    const stalePending = (
      await p.t.db.select().from(userSubscriptions).where(eq(userSubscriptions.status, "pending"))
    ).filter((s) => s.createdAt.getTime() < Date.now() - ABANDONED_CHECKOUT_MS);
    expect(stalePending.map((s) => s.userId)).toContain(stale.student.id);
    expect(stalePending.map((s) => s.userId)).not.toContain(fresh.student.id);

    // Two instances sweeping at once: each stale checkout is cancelled one time in all.
    const counts = await Promise.all([
      expireAbandonedCheckouts(p.t.db),
      expireAbandonedCheckouts(p.t.db),
    ]);
    expect(counts[0] + counts[1]).toBe(stalePending.length);
    expect(await expireAbandonedCheckouts(p.t.db)).toBe(0);

    const swept = await rowsFor(stale.student.id);
    expect(swept.subscription?.status).toBe("cancelled");
    expect(swept.subscription?.startDate).toBeNull();
    expect(swept.transaction).toMatchObject({ status: "failed", failureReason: ABANDONED_REASON });
    // The paid subscription and the checkout under way are untouched.
    expect(await rowsFor(paid.student.id)).toEqual(before.paid);
    expect(await rowsFor(fresh.student.id)).toEqual(before.fresh);
    // The student's plan banner stays on the free tier.
    const me = await p.t.request("/api/subscriptions/me", { cookie: stale.student.cookie });
    expect(await me.json()).toEqual({ subscription: null });

    // The student paid in the end (Razorpay's webhook arrives late): the plan activates.
    await p.pay(stale.orderId);
    await p.sandbox.deliverQueued();
    const late = await rowsFor(stale.student.id);
    expect(late.subscription?.status).toBe("active");
    expect(late.transaction).toMatchObject({ status: "paid", failureReason: null });
  });
});
