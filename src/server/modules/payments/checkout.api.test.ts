import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  paymentGateways,
  paymentTransactions,
  userSubscriptions,
} from "../../db/schema/subscriptions.ts";
import { createPaymentsContext, KEYS } from "../../test/payments-context.ts";

let p: Awaited<ReturnType<typeof createPaymentsContext>>;
const bodies: string[] = [];

beforeAll(async () => {
  p = await createPaymentsContext();
  expect((await p.saveKeys()).status).toBe(200);
});
afterAll(async () => {
  // The key secret and webhook secret never left the server: no response, no log line.
  const everything = [...bodies, ...p.lines].join("\n");
  expect(everything).not.toContain(KEYS.keySecret);
  expect(everything).not.toContain(KEYS.webhookSecret);
  await p.close();
});

/** Every response body is kept, to check at the end that no secret was in any of them. */
async function call(path: string, init: Parameters<typeof p.t.request>[1] = {}) {
  const response = await p.t.request(path, init);
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function state(userId: string) {
  const subscriptions = await p.t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  const transactions = await p.t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId));
  return { subscriptions, transactions };
}

async function checkout(cookie: string, planId: string) {
  const order = await call("/api/payments/razorpay/orders", {
    cookie,
    body: { planId, stateCode: "07" },
  });
  expect(order.status).toBe(200);
  return order.body as { orderId: string; amount: number; transactionId: string };
}

describe("gateway settings", () => {
  it("stores secrets encrypted and shows them masked", async () => {
    const view = await call("/api/admin/payment-settings/razorpay", { cookie: p.admin.cookie });
    expect(view.body).toMatchObject({
      keyId: KEYS.keyId,
      mode: "test",
      keySecretHint: `••••${KEYS.keySecret.slice(-4)}`,
      hasWebhookSecret: true,
      isActive: true,
      webhookUrl: "http://localhost:3000/api/payments/razorpay/webhook",
    });
    const [row] = await p.t.db.select().from(paymentGateways);
    expect(row?.keySecret?.startsWith("v1:")).toBe(true);
    expect(row?.keySecret).not.toContain(KEYS.keySecret);
  });

  it("refuses a bad key id and changes nothing", async () => {
    const before = await p.t.db.select().from(paymentGateways);
    const response = await call("/api/admin/payment-settings/razorpay", {
      method: "PUT",
      cookie: p.admin.cookie,
      body: { keyId: "pk_live_123", isActive: true },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.message).toContain("rzp_test_ or rzp_live_");
    expect(await p.t.db.select().from(paymentGateways)).toEqual(before);
  });

  it("tests the connection against the API", async () => {
    const ok = await call("/api/admin/payment-settings/razorpay/test", {
      method: "POST",
      cookie: p.admin.cookie,
    });
    expect(ok.body).toEqual({ ok: true, message: "Connected to Razorpay (test mode)." });
  });

  it("is for admins only", async () => {
    const student = await p.t.createUser("student");
    const response = await call("/api/admin/payment-settings/razorpay", { cookie: student.cookie });
    expect(response.status).toBe(403);
  });
});

describe("checkout", () => {
  it("prices the order from the plan, pays, verifies and activates once", async () => {
    const plan = await p.createPlan({ price: "499.50", practiceLimit: 30, evaluationLimit: 4 });
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    expect(order.amount).toBe(49950);
    const remote = p.sandbox.orders.get(order.orderId);
    expect(remote).toMatchObject({ amount: 49950, currency: "INR", receipt: order.transactionId });
    expect(remote?.notes).toMatchObject({ user_id: student.id, plan_id: plan.id });
    expect((await state(student.id)).subscriptions[0]?.status).toBe("pending");

    const response = await p.pay(order.orderId);
    const verified = await call("/api/payments/razorpay/verify", {
      cookie: student.cookie,
      body: response,
    });
    expect(verified.status).toBe(200);
    // The plan's terms are copied to the subscription, the evaluation limit with the rest.
    expect(verified.body.subscription).toMatchObject({
      status: "active",
      planName: plan.name,
      practiceLimit: 30,
      evaluationLimit: 4,
    });
    // The same response again, then both webhooks (each delivered twice): nothing more happens.
    await call("/api/payments/razorpay/verify", { cookie: student.cookie, body: response });
    await p.sandbox.deliverQueued();
    const after = await state(student.id);
    expect(after.transactions).toHaveLength(1);
    expect(after.transactions[0]).toMatchObject({
      status: "paid",
      gatewayPaymentId: response.razorpay_payment_id,
    });
    expect(after.subscriptions).toHaveLength(1);
    const sub = after.subscriptions[0];
    expect(sub?.status).toBe("active");
    expect(sub).toMatchObject({ practiceLimit: 30, evaluationLimit: 4 });
    const days = ((sub?.endDate?.getTime() ?? 0) - (sub?.startDate?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(30);

    const list = await call("/api/payments/transactions", { cookie: student.cookie });
    expect(list.body[0]).toMatchObject({ status: "paid", amount: 499.5, planName: plan.name });
    const receipt = await call(`/api/payments/transactions/${order.transactionId}/receipt`, {
      cookie: student.cookie,
    });
    expect(receipt.status).toBe(200);
    const other = await p.t.createUser("student");
    const stolen = await call(`/api/payments/transactions/${order.transactionId}/receipt`, {
      cookie: other.cookie,
    });
    expect(stolen.status).toBe(404);
  });

  it("makes one order for a double click", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const [a, b] = await Promise.all([
      checkout(student.cookie, plan.id),
      checkout(student.cookie, plan.id),
    ]);
    expect(a.orderId).toBe(b.orderId);
    const { transactions, subscriptions } = await state(student.id);
    expect(transactions).toHaveLength(1);
    expect(subscriptions).toHaveLength(1);
  });

  it("refuses a tampered signature and changes nothing", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    const response = await p.pay(order.orderId);
    const before = await state(student.id);
    const tampered = { ...response, razorpay_signature: "0".repeat(64) };
    const result = await call("/api/payments/razorpay/verify", {
      cookie: student.cookie,
      body: tampered,
    });
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(
      "Payment verification failed: the payment signature does not match.",
    );
    expect(await state(student.id)).toEqual(before);
  });

  it("refuses another student's order and changes nothing", async () => {
    const plan = await p.createPlan();
    const owner = await p.t.createUser("student");
    const thief = await p.t.createUser("student");
    const order = await checkout(owner.cookie, plan.id);
    const response = await p.pay(order.orderId);
    const before = [await state(owner.id), await state(thief.id)];
    const result = await call("/api/payments/razorpay/verify", {
      cookie: thief.cookie,
      body: response,
    });
    expect(result.status).toBe(404);
    const failure = await call("/api/payments/razorpay/failure", {
      cookie: thief.cookie,
      body: { razorpay_order_id: order.orderId },
    });
    expect(failure.status).toBe(404);
    expect([await state(owner.id), await state(thief.id)]).toEqual(before);
  });

  it("refuses a payment of a changed amount, by browser and by webhook", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    const response = await p.pay(order.orderId, { amount: 100 });
    const result = await call("/api/payments/razorpay/verify", {
      cookie: student.cookie,
      body: response,
    });
    expect(result.status).toBe(400);
    expect(result.body.error.message).toBe(
      "The payment amount does not match the plan price. The plan was not activated.",
    );
    await p.sandbox.deliverQueued();
    const after = await state(student.id);
    expect(after.transactions[0]?.status).toBe("created");
    expect(after.subscriptions[0]?.status).toBe("pending");
  });

  it("refuses a deactivated plan and records nothing", async () => {
    const plan = await p.createPlan({ isActive: false });
    const student = await p.t.createUser("student");
    const result = await call("/api/payments/razorpay/orders", {
      cookie: student.cookie,
      body: { planId: plan.id, stateCode: "07" },
    });
    expect(result.status).toBe(409);
    expect(result.body.error.message).toBe("This plan is no longer available.");
    expect(await state(student.id)).toEqual({ subscriptions: [], transactions: [] });
  });

  it("leaves a failed payment failed with nothing activated", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    await p.fail(order.orderId);
    await call("/api/payments/razorpay/failure", {
      cookie: student.cookie,
      body: { razorpay_order_id: order.orderId, reason: "Card declined" },
    });
    await p.sandbox.deliverQueued();
    const after = await state(student.id);
    expect(after.transactions[0]?.status).toBe("failed");
    expect(after.subscriptions[0]?.status).toBe("cancelled");
    // A checkout that never started is no plan: the banner stays on the free tier.
    const me = await call("/api/subscriptions/me", { cookie: student.cookie });
    expect(me.body).toEqual({ subscription: null });
  });

  it("replaces the current subscription from now when buying the same plan while active", async () => {
    const plan = await p.createPlan({ durationDays: 30 });
    const student = await p.t.createUser("student");
    for (let i = 0; i < 2; i += 1) {
      const order = await checkout(student.cookie, plan.id);
      await call("/api/payments/razorpay/verify", {
        cookie: student.cookie,
        body: await p.pay(order.orderId),
      });
    }
    const { subscriptions } = await state(student.id);
    const active = subscriptions.filter((s) => s.status === "active");
    expect(active).toHaveLength(1);
    const replaced = subscriptions.filter((s) => s.status === "replaced");
    expect(replaced).toHaveLength(1);
    // Decision 028: the old one ends when the new one starts; the new one runs its own 30 days.
    expect(replaced[0]?.endDate).toEqual(active[0]?.startDate);
    const days =
      ((active[0]?.endDate?.getTime() ?? 0) - (active[0]?.startDate?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(30);
  });
});

describe("webhook", () => {
  const webhook = (body: string, headers: Record<string, string>) =>
    p.t.app.request("/api/payments/razorpay/webhook", { method: "POST", headers, body });

  it("activates on its own (the student closed the tab), once for duplicates and replays", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    await p.pay(order.orderId);
    const [first] = p.sandbox.queued;
    await p.sandbox.deliverQueued();
    const after = await state(student.id);
    expect(after.transactions[0]?.status).toBe("paid");
    expect(after.subscriptions[0]?.status).toBe("active");
    const endDate = after.subscriptions[0]?.endDate;
    if (!first) throw new Error("no webhook queued");
    const replay = await webhook(first.body, first.headers);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: "duplicate" });
    const again = await state(student.id);
    expect(again.subscriptions[0]?.endDate).toEqual(endDate);
    expect(again.transactions).toHaveLength(1);
  });

  it("treats a signed body replayed under a new event id as a duplicate", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    await p.fail(order.orderId);
    const [failed] = p.sandbox.queued.splice(0);
    if (!failed) throw new Error("no webhook queued");
    const first = await webhook(failed.body, failed.headers);
    expect(await first.json()).toEqual({ status: "recorded" });
    const before = await state(student.id);
    // The event id header is not signed: anyone holding an old delivery can change it.
    const replay = await webhook(failed.body, {
      ...failed.headers,
      "x-razorpay-event-id": "evt_ReplayedBody01",
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: "duplicate" });
    expect(await state(student.id)).toEqual(before);
  });

  it("records a Razorpay payment id once: another order's event with it activates nothing", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const paid = await checkout(student.cookie, plan.id);
    const response = await p.pay(paid.orderId);
    await p.sandbox.deliverQueued();
    const other = await p.t.createUser("student");
    const open = await checkout(other.cookie, plan.id);
    const before = { paid: await state(student.id), open: await state(other.id) };
    expect(before.paid.subscriptions[0]?.status).toBe("active");

    // A signed event naming the same payment for the other order (a different event id, a
    // different body): refused as a duplicate payment, not a 500, and nothing changes.
    const signed = (body: string, eventId: string) => ({
      "content-type": "application/json",
      "x-razorpay-signature": createHmac("sha256", KEYS.webhookSecret).update(body).digest("hex"),
      "x-razorpay-event-id": eventId,
    });
    const entity = {
      id: response.razorpay_payment_id,
      order_id: open.orderId,
      amount: open.amount,
      currency: "INR",
      status: "captured",
    };
    const body = JSON.stringify({ event: "payment.captured", payload: { payment: { entity } } });
    const again = await webhook(body, signed(body, "evt_SamePayment001"));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "duplicate-payment" });

    // A different event about the paid order's own payment: already paid, nothing doubles.
    const orderPaid = JSON.stringify({
      event: "order.paid",
      payload: { payment: { entity: { ...entity, order_id: paid.orderId, amount: paid.amount } } },
      created_at: 1,
    });
    const second = await webhook(orderPaid, signed(orderPaid, "evt_SamePayment002"));
    expect(await second.json()).toEqual({ status: "already-paid" });
    expect(await state(student.id)).toEqual(before.paid);
    expect(await state(other.id)).toEqual(before.open);
  });

  it("refuses a bad signature and changes nothing", async () => {
    const plan = await p.createPlan();
    const student = await p.t.createUser("student");
    const order = await checkout(student.cookie, plan.id);
    await p.pay(order.orderId);
    const [first] = p.sandbox.queued.splice(0);
    if (!first) throw new Error("no webhook queued");
    const before = await state(student.id);
    const forged = await webhook(first.body, {
      ...first.headers,
      "x-razorpay-signature": "f".repeat(64),
    });
    expect(forged.status).toBe(400);
    const edited = await webhook(first.body.replace('"captured"', '"captured" '), first.headers);
    expect(edited.status).toBe(400);
    expect(await state(student.id)).toEqual(before);
  });
});
