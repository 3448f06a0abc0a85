import { createRazorpaySandbox } from "../../../scripts/razorpay-sandbox/sandbox.ts";
import { subscriptionPlans } from "../db/schema/subscriptions.ts";
import type { TestClockDeps } from "../lib/test-clock.ts";
import { createTestContext, type TestContext } from "./test-app.ts";

export const KEYS = {
  keyId: "rzp_test_ApiSuite0001",
  keySecret: "api-suite-key-secret-0123456789",
  webhookSecret: "api-suite-webhook-secret-0123",
};

/**
 * The app on a fresh database, wired to a local Razorpay sandbox whose webhooks wait for us;
 * with `testClock`, the server reads that clock (decision 049).
 */
export async function createPaymentsContext(options: { testClock?: TestClockDeps } = {}) {
  const lines: string[] = [];
  const capture = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push(JSON.stringify({ level, msg, ...fields }));
  let t: TestContext | null = null;
  const sandbox = createRazorpaySandbox({
    ...KEYS,
    autoDeliver: false,
    deliver: async (d) => {
      if (!t) return;
      const response = await t.app.request("/api/payments/razorpay/webhook", {
        method: "POST",
        headers: d.headers,
        body: d.body,
      });
      lines.push(`webhook ${response.status}`);
    },
  });
  const base = await sandbox.listen();
  t = await createTestContext({
    razorpay: { apiUrl: base, checkoutUrl: `${base}/v1/checkout.js` },
    testClock: options.testClock,
    logger: {
      debug: capture("debug"),
      info: capture("info"),
      warn: capture("warn"),
      error: capture("error"),
      level: "debug",
      format: "json",
    },
  });
  const ctx = t;
  const admin = await ctx.createUser("admin");
  const saveKeys = (extra: Record<string, unknown> = {}) =>
    ctx.request("/api/admin/payment-settings/razorpay", {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...KEYS, isActive: true, ...extra },
    });
  const createPlan = async (values: Partial<typeof subscriptionPlans.$inferInsert> = {}) => {
    const [plan] = await ctx.db
      .insert(subscriptionPlans)
      .values({ name: "Pro Monthly", price: "499.00", durationDays: 30, ...values })
      .returning();
    if (!plan) throw new Error("no plan");
    return plan;
  };
  /** What Checkout's sheet does when the student presses Pay (or Fail). */
  const pay = async (orderId: string, extra: Record<string, unknown> = {}) => {
    const response = await fetch(`${base}/v1/checkout/sandbox/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key_id: KEYS.keyId, order_id: orderId, ...extra }),
    });
    return (await response.json()) as {
      razorpay_order_id: string;
      razorpay_payment_id: string;
      razorpay_signature: string;
    };
  };
  const fail = async (orderId: string) => {
    await fetch(`${base}/v1/checkout/sandbox/fail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key_id: KEYS.keyId, order_id: orderId }),
    });
  };
  return {
    t: ctx,
    sandbox,
    base,
    admin,
    lines,
    saveKeys,
    createPlan,
    pay,
    fail,
    close: async () => {
      await sandbox.close();
      await ctx.close();
    },
  };
}
