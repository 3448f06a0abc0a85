import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  referralCodes,
  referralCredits,
  referralCreditUses,
  referralSettings,
  referrals,
} from "../../db/schema/referrals.ts";
import { paymentTransactions } from "../../db/schema/subscriptions.ts";
import { createTestClock } from "../../lib/test-clock.ts";
import { createPaymentsContext, KEYS } from "../../test/payments-context.ts";
import { TEST_PASSWORD } from "../../test/test-app.ts";
import { expireAbandonedCheckouts } from "../payments/abandoned-checkouts.ts";
import { REPRICED_REASON } from "../payments/checkout.service.ts";
import { getMyReferrals } from "./referrals.service.ts";

let p: Awaited<ReturnType<typeof createPaymentsContext>>;
// The server's clock: the wall clock until a test moves it (decision 049); no test waits.
const clock = createTestClock();
/** The server's clock reads `iso` now. */
const at = (iso: string) => clock.setOffsetMs(clock.offsetTo(new Date(iso)));

beforeAll(async () => {
  p = await createPaymentsContext({ testClock: { clock, tick: async () => ({}) } });
  expect((await p.saveKeys()).status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

async function call(path: string, init: Parameters<typeof p.t.request>[1] = {}) {
  const response = await p.t.request(path, init);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const SETTINGS = {
  enabled: true,
  creditKind: "amount",
  creditValue: 100,
  creditExpiryDays: 30,
  discountKind: "percent",
  discountValue: 10,
  // These tests check the ledger, not decision 058's limits (referral-limits.api.test.ts does).
  creditMaxSharePercent: 100,
  minPlanPrice: 0,
  monthlyCreditLimit: 1000,
  creditHoldDays: 0,
} as const;

async function configure(overrides: Record<string, unknown> = {}) {
  const saved = await call("/api/admin/referrals/settings", {
    method: "PUT",
    cookie: p.admin.cookie,
    body: { ...SETTINGS, ...overrides },
  });
  expect(saved.status).toBe(200);
  return saved.body;
}

type Mine = {
  code: string;
  link: string;
  balance: number;
  pending: number;
  owed: number;
  referrals: {
    id: string;
    name: string;
    email: string;
    status: string;
    noCreditReason: string | null;
  }[];
  credits: {
    amount: number;
    used: number;
    left: number;
    state: string;
    spendableAt: string;
    expiresAt: string;
  }[];
};
async function mine(cookie: string): Promise<Mine> {
  const response = await call("/api/referrals/me", { cookie });
  expect(response.status).toBe(200);
  return response.body;
}

let counter = 0;
/** A new student registered through the link of `code` (optionally from a given browser). */
async function signUpWith(code: string, headers: Record<string, string> = {}) {
  counter += 1;
  const email = `friend${counter}-${Date.now()}@example.com`;
  const response = await p.t.signUp(
    { email, fullName: `Priya Sharma${counter}`, referralCode: code },
    { headers },
  );
  return { response, email };
}
async function referredStudent(code: string) {
  const { response, email } = await signUpWith(code);
  expect(response.status).toBe(200);
  const [row] = await p.t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error("no user");
  return { id: row.id, email, cookie: await p.t.signIn(email, TEST_PASSWORD) };
}

async function checkout(cookie: string, planId: string) {
  const order = await call("/api/payments/razorpay/orders", {
    cookie,
    body: { planId, stateCode: "07" },
  });
  expect(order.status).toBe(200);
  return order.body as {
    orderId: string;
    transactionId: string;
    amount: number;
    breakdown: { planPrice: number; referralDiscount: number; creditApplied: number };
  };
}
async function payAndVerify(cookie: string, orderId: string, sheet: Record<string, unknown> = {}) {
  const response = await p.pay(orderId, sheet);
  const verified = await call("/api/payments/razorpay/verify", { cookie, body: response });
  expect(verified.status).toBe(200);
  return response.razorpay_payment_id;
}
async function refund(paymentId: string, amount?: number) {
  const response = await fetch(`${p.base}/v1/payments/${paymentId}/refund`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString("base64")}`,
    },
    body: JSON.stringify(amount === undefined ? {} : { amount }),
  });
  expect(response.status).toBe(200);
}
async function transaction(id: string) {
  const [row] = await p.t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id));
  return row;
}
/** Every referral table, to check that a refusal changed nothing. */
async function referralRows() {
  return {
    settings: await p.t.db.select().from(referralSettings),
    codes: await p.t.db.select().from(referralCodes).orderBy(referralCodes.code),
    referrals: await p.t.db.select().from(referrals).orderBy(referrals.id),
    credits: await p.t.db.select().from(referralCredits).orderBy(referralCredits.id),
    uses: await p.t.db.select().from(referralCreditUses).orderBy(referralCreditUses.id),
    users: (await p.t.db.select({ n: sql<number>`count(*)::int` }).from(user))[0]?.n,
  };
}

describe("refer and earn through the checkout", () => {
  it("gives the referred student the discount on the server and the referrer the credit once", async () => {
    await configure();
    const plan = await p.createPlan({ price: "499.00" });
    const referrer = await p.t.createUser("student");
    const { code, link } = await mine(referrer.cookie);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(link).toBe(`http://localhost:3000/register?ref=${code}`);
    // The code is the student's own, the same on every visit.
    expect((await mine(referrer.cookie)).code).toBe(code);

    const friend = await referredStudent(code.toLowerCase());
    const order = await checkout(friend.cookie, plan.id);
    // 10% of ₹499 off: Razorpay's order and the transaction row carry the lower amount.
    expect(order.amount).toBe(44910);
    expect(order.breakdown).toEqual({
      planPrice: 499,
      referralDiscount: 49.9,
      creditApplied: 0,
      amount: 449.1,
    });
    expect(p.sandbox.orders.get(order.orderId)?.amount).toBe(44910);
    expect(await transaction(order.transactionId)).toMatchObject({
      amount: 44910,
      planPricePaise: 49900,
      referralDiscountPaise: 4990,
      creditAppliedPaise: 0,
    });
    expect((await mine(referrer.cookie)).referrals[0]).toMatchObject({ status: "signed_up" });

    await payAndVerify(friend.cookie, order.orderId);
    await p.sandbox.deliverQueued();
    const after = await mine(referrer.cookie);
    expect(after.balance).toBe(100);
    expect(after.referrals).toHaveLength(1);
    expect(after.referrals[0]).toMatchObject({ status: "credited", name: "Priya S." });
    expect(after.referrals[0]?.email).not.toContain(friend.email.split("@")[0]);
    expect(after.credits[0]).toMatchObject({ amount: 100, used: 0, left: 100, state: "available" });

    // The receipt and the tax invoice list the breakdown; the invoice's total is what was paid.
    const receipt = await call(`/api/payments/transactions/${order.transactionId}/receipt`, {
      cookie: friend.cookie,
    });
    expect(receipt.body.breakdown).toEqual({
      planPrice: 499,
      referralDiscount: 49.9,
      creditApplied: 0,
      amount: 449.1,
    });
    expect(receipt.body.invoice.total).toBe(449.1);
    const pdf = await p.t.request(`/api/payments/transactions/${order.transactionId}/invoice.pdf`, {
      cookie: friend.cookie,
    });
    const text = Buffer.from(await pdf.arrayBuffer()).toString("latin1");
    expect(text).toContain("(Referral discount)");
    expect(text).toContain("(- INR 49.90)");
    expect(text).toContain("(INR 449.10)");

    // A second purchase: no first-purchase discount, and still one credit for this account.
    const second = await checkout(friend.cookie, (await p.createPlan({ price: "299.00" })).id);
    expect(second.amount).toBe(29900);
    await payAndVerify(friend.cookie, second.orderId);
    const credits = await p.t.db
      .select()
      .from(referralCredits)
      .where(eq(referralCredits.userId, referrer.id));
    expect(credits).toHaveLength(1);
    expect((await mine(referrer.cookie)).balance).toBe(100);
    // The unique key holds even against a direct second insert.
    await expect(
      p.t.db.insert(referralCredits).values({
        userId: referrer.id,
        referralId: credits[0]?.referralId ?? "",
        amountPaise: 100,
        earnedAt: new Date(),
        expiresAt: new Date(),
      }),
    ).rejects.toThrow();
  });

  it("credits the referrer from the webhook alone (percentage of the amount paid)", async () => {
    await configure({
      creditKind: "percent",
      creditValue: 20,
      discountKind: "amount",
      discountValue: 50,
    });
    const plan = await p.createPlan({ price: "300.00" });
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, plan.id);
    expect(order.amount).toBe(25000);
    await p.pay(order.orderId);
    await p.sandbox.deliverQueued();
    expect(await transaction(order.transactionId)).toMatchObject({ status: "paid" });
    // 20% of ₹250 paid.
    expect((await mine(referrer.cookie)).balance).toBe(50);
  });

  it("applies the referrer's own credit automatically, keeps the order at ₹1, releases it when the payment fails or is abandoned", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const first = await checkout(friend.cookie, (await p.createPlan({ price: "199.00" })).id);
    await payAndVerify(friend.cookie, first.orderId);
    expect((await mine(referrer.cookie)).balance).toBe(100);

    // A ₹50 plan: ₹100 of credit would make it free; Razorpay needs ₹1, so ₹49 is applied.
    const cheap = await p.createPlan({ price: "50.00" });
    const order = await checkout(referrer.cookie, cheap.id);
    expect(order.amount).toBe(100);
    expect(order.breakdown).toMatchObject({ planPrice: 50, creditApplied: 49, amount: 1 });
    expect(p.sandbox.orders.get(order.orderId)?.amount).toBe(100);
    expect((await mine(referrer.cookie)).balance).toBe(51);

    // The payment fails: the held credit is back.
    await p.fail(order.orderId);
    await p.sandbox.deliverQueued();
    expect(await transaction(order.transactionId)).toMatchObject({ status: "failed" });
    expect((await mine(referrer.cookie)).balance).toBe(100);

    // A checkout left open past the window: the sweeper releases its credit too.
    const open = await checkout(referrer.cookie, cheap.id);
    expect((await mine(referrer.cookie)).balance).toBe(51);
    await expireAbandonedCheckouts(p.t.db, new Date(Date.now() + 24 * 3_600_000));
    expect(await transaction(open.transactionId)).toMatchObject({ status: "failed" });
    expect((await mine(referrer.cookie)).balance).toBe(100);

    // Paid: the credit is spent.
    const paid = await checkout(referrer.cookie, cheap.id);
    await payAndVerify(referrer.cookie, paid.orderId);
    const after = await mine(referrer.cookie);
    expect(after.balance).toBe(51);
    expect(after.credits[0]).toMatchObject({ used: 49, left: 51 });
    const receipt = await call(`/api/payments/transactions/${paid.transactionId}/receipt`, {
      cookie: referrer.cookie,
    });
    expect(receipt.body.breakdown).toMatchObject({ planPrice: 50, creditApplied: 49, amount: 1 });
  });

  it("lets a credit expire", async () => {
    await configure({ creditExpiryDays: 7 });
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "199.00" })).id);
    await payAndVerify(friend.cookie, order.orderId);
    const now = new Date();
    const [credit] = await p.t.db
      .select()
      .from(referralCredits)
      .where(eq(referralCredits.userId, referrer.id));
    expect(credit?.expiresAt.getTime()).toBeGreaterThan(now.getTime() + 6.9 * 86_400_000);
    const later = new Date((credit?.expiresAt.getTime() ?? 0) + 1000);
    const view = await getMyReferrals(p.t.db, {
      userId: referrer.id,
      publicUrl: "http://x",
      now: later,
    });
    expect(view.balance).toBe(0);
    expect(view.credits[0]).toMatchObject({ state: "expired", left: 0 });
    expect(view.referrals[0]).toMatchObject({ status: "expired" });
    // At checkout an expired credit takes nothing off.
    await p.t.db
      .update(referralCredits)
      .set({ expiresAt: new Date(now.getTime() - 1000) })
      .where(eq(referralCredits.userId, referrer.id));
    const own = await checkout(referrer.cookie, (await p.createPlan({ price: "99.00" })).id);
    expect(own.amount).toBe(9900);
  });

  it("earns nothing for a price-0 plan", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const free = await p.createPlan({ name: "Free", price: "0" });
    const activated = await call("/api/subscriptions/free", {
      cookie: friend.cookie,
      body: { planId: free.id },
    });
    expect(activated.status).toBe(200);
    const view = await mine(referrer.cookie);
    expect(view.referrals[0]).toMatchObject({ status: "signed_up" });
    expect(view.balance).toBe(0);
  });

  it("gives no discount and no credit while the programme is off", async () => {
    await configure({ enabled: false });
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "499.00" })).id);
    expect(order.amount).toBe(49900);
    expect(order.breakdown).toMatchObject({ referralDiscount: 0, creditApplied: 0 });
    await payAndVerify(friend.cookie, order.orderId);
    const view = await mine(referrer.cookie);
    expect(view.balance).toBe(0);
    expect(view.referrals[0]).toMatchObject({ status: "paid" });
    await configure();
  });
});

describe("clawback", () => {
  it("revokes an unused credit on a full refund (a partial refund changes nothing)", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "499.00" })).id);
    const paymentId = await payAndVerify(friend.cookie, order.orderId);
    await p.sandbox.deliverQueued();
    expect((await mine(referrer.cookie)).balance).toBe(100);

    await refund(paymentId, 10000);
    await p.sandbox.deliverQueued();
    expect(await transaction(order.transactionId)).toMatchObject({
      status: "paid",
      refundedPaise: 10000,
    });
    expect((await mine(referrer.cookie)).balance).toBe(100);

    await refund(paymentId);
    await p.sandbox.deliverQueued();
    expect(await transaction(order.transactionId)).toMatchObject({
      status: "refunded",
      refundedPaise: 44910,
    });
    const view = await mine(referrer.cookie);
    expect(view.balance).toBe(0);
    expect(view.owed).toBe(0);
    expect(view.referrals[0]).toMatchObject({ status: "clawed_back" });
    expect(view.credits[0]).toMatchObject({ state: "clawed_back", left: 0 });
    // The refunded payment's receipt still opens, and lists as refunded.
    const list = await call("/api/payments/transactions", { cookie: friend.cookie });
    expect(list.body[0]).toMatchObject({ status: "refunded" });
  });

  it("records a negative adjustment when the credit was spent, paid off by the next credit", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    const friend = await referredStudent(code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "199.00" })).id);
    const paymentId = await payAndVerify(friend.cookie, order.orderId);
    // The referrer spends ₹49 of the ₹100 credit.
    const own = await checkout(referrer.cookie, (await p.createPlan({ price: "50.00" })).id);
    await payAndVerify(referrer.cookie, own.orderId);
    expect((await mine(referrer.cookie)).balance).toBe(51);

    await refund(paymentId);
    await p.sandbox.deliverQueued();
    let view = await mine(referrer.cookie);
    expect(view.balance).toBe(0);
    expect(view.owed).toBe(49);

    // The next referral's ₹100 credit first pays back the ₹49.
    const second = await referredStudent(code);
    const next = await checkout(second.cookie, (await p.createPlan({ price: "199.00" })).id);
    await payAndVerify(second.cookie, next.orderId);
    view = await mine(referrer.cookie);
    expect(view.owed).toBe(0);
    expect(view.balance).toBe(51);
  });

  it("revokes the credit when an admin cancels the referred student's subscription", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "499.00" })).id);
    await payAndVerify(friend.cookie, order.orderId);
    expect((await mine(referrer.cookie)).balance).toBe(100);
    const row = await transaction(order.transactionId);
    const cancelled = await call(`/api/admin/user-subscriptions/${row?.subscriptionId}/cancel`, {
      method: "POST",
      cookie: p.admin.cookie,
    });
    expect(cancelled.status).toBe(200);
    const view = await mine(referrer.cookie);
    expect(view.balance).toBe(0);
    expect(view.referrals[0]).toMatchObject({ status: "clawed_back" });
  });
});

describe("refusals", () => {
  it("refuses an unknown or malformed code and stores nothing", async () => {
    const before = await referralRows();
    for (const [code, status] of [
      ["ZZZZZZZZ", 422],
      ["abc", 400],
      ["ABCDEFG0", 400],
    ] as const) {
      const { response, email } = await signUpWith(code);
      expect(response.status).toBe(status);
      expect(await p.t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
    expect(await referralRows()).toEqual(before);
  });

  it("refuses a self-referral from the referrer's own session and from their browser", async () => {
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    const before = await referralRows();
    // Signed in: the sign-up request carries the referrer's session cookie.
    const own = await signUpWith(code, { cookie: referrer.cookie });
    expect(own.response.status).toBe(409);
    expect((await own.response.json()).error.code).toBe("SELF_REFERRAL");
    // Signed out, same browser: the device cookie set at the referrer's sign-in remembers them.
    const device = referrer.cookie
      .split("; ")
      .filter((part) => part.startsWith("upsc_device="))
      .join("; ");
    expect(device).not.toBe("");
    const sameBrowser = await signUpWith(code, { cookie: device });
    expect(sameBrowser.response.status).toBe(409);
    // A forged device cookie is ignored (and so is nobody else's browser).
    expect(await referralRows()).toEqual(before);
    const elsewhere = await signUpWith(code, { cookie: "upsc_device=W10.forged" });
    expect(elsewhere.response.status).toBe(200);
  });

  it("refers an account once: the first code wins", async () => {
    const a = await p.t.createUser("student");
    const b = await p.t.createUser("student");
    const friend = await referredStudent((await mine(a.cookie)).code);
    await expect(
      p.t.db.insert(referrals).values({ referrerId: b.id, referredId: friend.id, code: "X" }),
    ).rejects.toThrow();
    // An existing account cannot be referred by signing up again with another code.
    const again = await p.t.signUp({
      email: friend.email,
      referralCode: (await mine(b.cookie)).code,
    });
    expect(again.status).toBe(422);
    const rows = await p.t.db.select().from(referrals).where(eq(referrals.referredId, friend.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerId).toBe(a.id);
  });

  it("validates the settings (422) and keeps them for admins (403), rows unchanged", async () => {
    await configure();
    const student = await p.t.createUser("student");
    const before = await referralRows();
    for (const body of [
      { ...SETTINGS, discountValue: 150 },
      { ...SETTINGS, creditKind: "percent", creditValue: 101 },
      { ...SETTINGS, creditExpiryDays: 0 },
      { ...SETTINGS, creditValue: -5 },
      { ...SETTINGS, creditKind: "coins" },
      { ...SETTINGS, surprise: true },
      { enabled: true },
    ]) {
      const response = await call("/api/admin/referrals/settings", {
        method: "PUT",
        cookie: p.admin.cookie,
        body,
      });
      expect(response.status).toBe(422);
    }
    const refused = await call("/api/admin/referrals/settings", {
      method: "PUT",
      cookie: student.cookie,
      body: { ...SETTINGS, enabled: false },
    });
    expect(refused.status).toBe(403);
    expect((await call("/api/admin/referrals", { cookie: student.cookie })).status).toBe(403);
    expect((await call("/api/admin/referrals/settings", { cookie: student.cookie })).status).toBe(
      403,
    );
    const visitor = await call("/api/referrals/me");
    expect(visitor.status).toBe(401);
    expect(await referralRows()).toEqual(before);
  });
});

describe("views", () => {
  it("shows each student only their own referrals and credits", async () => {
    await configure();
    const a = await p.t.createUser("student");
    const b = await p.t.createUser("student");
    const friend = await referredStudent((await mine(a.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "199.00" })).id);
    await payAndVerify(friend.cookie, order.orderId);
    expect((await mine(a.cookie)).referrals).toHaveLength(1);
    const other = await mine(b.cookie);
    expect(other.referrals).toEqual([]);
    expect(other.credits).toEqual([]);
    expect(other.balance).toBe(0);
    // The friend's own page lists nothing of a's either.
    expect((await mine(friend.cookie)).referrals).toEqual([]);
  });

  it("answers the public lookup with a first name only", async () => {
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    const found = await call(`/api/referrals/codes/${code}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ firstName: "Student", active: true });
    expect(JSON.stringify(found.body)).not.toContain(referrer.email);
    expect((await call("/api/referrals/codes/ZZZZZZZZ")).status).toBe(404);
  });

  it("lists every referral for the admin, by status and by email", async () => {
    await configure();
    const referrer = await p.t.createUser("student");
    const friend = await referredStudent((await mine(referrer.cookie)).code);
    const order = await checkout(friend.cookie, (await p.createPlan({ price: "199.00" })).id);
    await payAndVerify(friend.cookie, order.orderId);
    const waiting = await referredStudent((await mine(referrer.cookie)).code);
    const search = encodeURIComponent(referrer.email);
    const all = await call(`/api/admin/referrals?search=${search}`, { cookie: p.admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const credited = await call(`/api/admin/referrals?search=${search}&status=credited`, {
      cookie: p.admin.cookie,
    });
    expect(credited.body.items).toHaveLength(1);
    expect(credited.body.items[0]).toMatchObject({
      status: "credited",
      referrer: { email: referrer.email },
      referred: { email: friend.email },
      credit: { amount: 100, state: "available" },
    });
    const signedUp = await call(
      `/api/admin/referrals?search=${encodeURIComponent(waiting.email)}&status=signed_up`,
      { cookie: p.admin.cookie },
    );
    expect(signedUp.body.items.map((r: { referred: { id: string } }) => r.referred.id)).toEqual([
      waiting.id,
    ]);
    const bad = await call("/api/admin/referrals?status=lost", { cookie: p.admin.cookie });
    expect(bad.status).toBe(422);
  });
});

/** Decision 058's defaults, as a fresh settings row has them. */
const LIMITS = {
  creditMaxSharePercent: 50,
  minPlanPrice: 499,
  monthlyCreditLimit: 5,
  creditHoldDays: 7,
} as const;
const DAY_MS = 86_400_000;

/** A friend of `code` who pays for `planId` (checkout, Checkout's sheet, verification). */
async function friendPays(code: string, planId: string) {
  const friend = await referredStudent(code);
  const order = await checkout(friend.cookie, planId);
  const paymentId = await payAndVerify(friend.cookie, order.orderId);
  return { friend, order, paymentId };
}
const creditsOf = (userId: string) =>
  p.t.db
    .select()
    .from(referralCredits)
    .where(eq(referralCredits.userId, userId))
    .orderBy(referralCredits.earnedAt);

describe("limits on the referrer's credit (decision 058)", () => {
  afterEach(() => clock.setOffsetMs(0));

  it("starts with the limits on: half of what was paid, ₹499 plans, 5 a month, 7 days pending", async () => {
    await p.t.db.delete(referralSettings);
    const read = await call("/api/admin/referrals/settings", { cookie: p.admin.cookie });
    expect(read.body).toMatchObject(LIMITS);
  });

  it("earns nothing from throwaway friends paying for a cheap plan (the farm)", async () => {
    await configure({ ...LIMITS, discountKind: "amount", discountValue: 50 });
    const cheap = await p.createPlan({ price: "99.00" });
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    for (const _ of [1, 2]) {
      const { order } = await friendPays(code, cheap.id);
      expect(order.amount).toBe(4900);
    }
    await p.sandbox.deliverQueued();
    expect(await creditsOf(referrer.id)).toEqual([]);
    const view = await mine(referrer.cookie);
    expect([view.balance, view.pending]).toEqual([0, 0]);
    expect(view.referrals.map((r) => [r.status, r.noCreditReason])).toEqual([
      ["paid", "below_minimum"],
      ["paid", "below_minimum"],
    ]);
    // Without the minimum price the share still holds: ₹100 of credit, but half of ₹49 paid.
    await configure({ ...LIMITS, minPlanPrice: 0, discountKind: "amount", discountValue: 50 });
    await friendPays(code, cheap.id);
    expect((await creditsOf(referrer.id)).map((c) => c.amountPaise)).toEqual([2450]);
  });

  it("gives at most the share of what a friend paid, pending until the refund window has passed", async () => {
    await configure({ ...LIMITS, creditValue: 300, discountKind: "amount", discountValue: 50 });
    const plan = await p.createPlan({ price: "499.00" });
    const referrer = await p.t.createUser("student");
    at("2027-05-10T06:00:00Z");
    const { order } = await friendPays((await mine(referrer.cookie)).code, plan.id);
    expect(order.amount).toBe(44900);
    // ₹300 asked, half of ₹449 paid given: ₹224.50.
    const [credit] = await creditsOf(referrer.id);
    expect(credit?.amountPaise).toBe(22450);
    const spendableAt = (credit?.earnedAt.getTime() ?? 0) + 7 * DAY_MS;
    expect(credit?.spendableAt.getTime()).toBe(spendableAt);
    expect(credit?.expiresAt.getTime()).toBe(spendableAt + 30 * DAY_MS);
    let view = await mine(referrer.cookie);
    expect([view.balance, view.pending]).toEqual([0, 224.5]);
    expect(view.credits[0]).toMatchObject({ state: "pending", amount: 224.5 });

    // Ten minutes before the window ends the credit is not spendable: a full-price order, and
    // asking again reuses it.
    const own = await p.createPlan({ price: "999.00" });
    at(new Date(spendableAt - 10 * 60_000).toISOString());
    const first = await checkout(referrer.cookie, own.id);
    expect(first.breakdown).toMatchObject({ creditApplied: 0, amount: 999 });
    expect((await checkout(referrer.cookie, own.id)).orderId).toBe(first.orderId);

    // Past the window, within the order's reuse window: the credit changed, so the stale order
    // is replaced by one priced again, its hold released.
    at(new Date(spendableAt + 60_000).toISOString());
    view = await mine(referrer.cookie);
    expect([view.balance, view.pending]).toEqual([224.5, 0]);
    const second = await checkout(referrer.cookie, own.id);
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.breakdown).toMatchObject({ creditApplied: 224.5, amount: 774.5 });
    expect(p.sandbox.orders.get(second.orderId)?.amount).toBe(77450);
    expect(await transaction(first.transactionId)).toMatchObject({
      status: "failed",
      failureReason: REPRICED_REASON,
    });
    // Its own hold does not make it stale: asked again, the priced order is reused.
    expect((await checkout(referrer.cookie, own.id)).orderId).toBe(second.orderId);
    await payAndVerify(referrer.cookie, second.orderId);
    view = await mine(referrer.cookie);
    expect(view.balance).toBe(0);
    expect(view.credits[0]).toMatchObject({ state: "used", used: 224.5 });
  });

  it("cancels a pending credit when the friend is refunded within the window", async () => {
    await configure(LIMITS);
    const referrer = await p.t.createUser("student");
    const plan = await p.createPlan({ price: "499.00" });
    const { paymentId } = await friendPays((await mine(referrer.cookie)).code, plan.id);
    // ₹100 asked; half of ₹449.10 paid would allow ₹224.55.
    expect((await mine(referrer.cookie)).pending).toBe(100);
    await refund(paymentId);
    await p.sandbox.deliverQueued();
    at(new Date(Date.now() + 8 * DAY_MS).toISOString());
    const view = await mine(referrer.cookie);
    expect([view.balance, view.pending, view.owed]).toEqual([0, 0, 0]);
    expect(view.credits[0]).toMatchObject({ state: "clawed_back", left: 0 });
  });

  it("caps credits per referrer per calendar month, India time", async () => {
    await configure({ ...LIMITS, monthlyCreditLimit: 1, creditHoldDays: 0 });
    const plan = await p.createPlan({ price: "499.00" });
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    at("2027-07-31T18:00:00Z"); // 23:30 on 31 July in India
    await friendPays(code, plan.id);
    at("2027-07-31T18:20:00Z"); // 23:50: still July, the month's one credit is taken
    await friendPays(code, plan.id);
    at("2027-07-31T18:40:00Z"); // 00:10 on 1 August in India (still 31 July in UTC)
    await friendPays(code, plan.id);
    expect((await creditsOf(referrer.id)).map((c) => c.amountPaise)).toEqual([10000, 10000]);
    const view = await mine(referrer.cookie);
    expect(
      view.referrals
        .map((r) => [r.status, r.noCreditReason])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ["credited", null],
      ["credited", null],
      ["paid", "monthly_limit"],
    ]);
  });

  it("refuses the referrer's own second account: an email alias at sign-up; one phone, one browser or the referrer's phone in Checkout at payment", async () => {
    await configure({ ...LIMITS, creditHoldDays: 0 });
    const plan = await p.createPlan({ price: "499.00" });
    const referrer = await p.t.createUser("student");
    const { code } = await mine(referrer.cookie);
    const [local, domain] = referrer.email.split("@");
    const before = await referralRows();
    const alias = await p.t.signUp({
      email: `${local?.toUpperCase()}+exam@${domain}`,
      fullName: "Alias",
      referralCode: code,
    });
    expect(alias.status).toBe(409);
    expect((await alias.json()).error.code).toBe("SELF_REFERRAL");
    expect(await referralRows()).toEqual(before);

    // The same mobile number, written another way.
    await p.t.db
      .update(profiles)
      .set({ mobileNumber: "+91 98765 43210" })
      .where(eq(profiles.id, referrer.id));
    const phone = await referredStudent(code);
    await p.t.db
      .update(profiles)
      .set({ mobileNumber: "09876543210" })
      .where(eq(profiles.id, phone.id));
    const phoneOrder = await checkout(phone.cookie, plan.id);
    await payAndVerify(phone.cookie, phoneOrder.orderId);

    // Registered elsewhere, then signed in on the referrer's browser (its device cookie).
    const device = referrer.cookie
      .split("; ")
      .filter((part) => part.startsWith("upsc_device="))
      .join("; ");
    const shared = await referredStudent(code);
    const signIn = await p.t.request("/api/auth/sign-in/email", {
      body: { email: shared.email, password: TEST_PASSWORD },
      cookie: device,
    });
    expect(signIn.status).toBe(200);
    const [marked] = await p.t.db
      .select({ at: referrals.sharedDeviceAt })
      .from(referrals)
      .where(eq(referrals.referredId, shared.id));
    expect(marked?.at).toBeInstanceOf(Date);
    const sharedOrder = await checkout(shared.cookie, plan.id);
    await payAndVerify(shared.cookie, sharedOrder.orderId);

    // A throwaway account paid with the referrer's phone in Razorpay's Checkout.
    const payer = await referredStudent(code);
    const payerOrder = await checkout(payer.cookie, plan.id);
    await payAndVerify(payer.cookie, payerOrder.orderId, { contact: "+919876543210" });

    // A friend on their own browser and phone still earns the referrer a credit.
    await friendPays(code, plan.id);
    expect(await creditsOf(referrer.id)).toHaveLength(1);
    const reasons = (await mine(referrer.cookie)).referrals.map((r) => r.noCreditReason);
    expect(reasons.sort()).toEqual([null, "same_person", "same_person", "same_person"]);
  });

  it("validates the limits (422) and stores nothing", async () => {
    await configure(LIMITS);
    const before = await referralRows();
    for (const [change, message] of [
      [{ creditMaxSharePercent: 101 }, "The share must be a whole percent from 0 to 100."],
      [{ creditMaxSharePercent: 12.5 }, "The share must be a whole percent from 0 to 100."],
      [{ monthlyCreditLimit: 0 }, "Allow between 1 and 1000 credits a month."],
      [{ creditHoldDays: -1 }, "The refund window must be between 0 and 365 days."],
      [{ creditHoldDays: 366 }, "The refund window must be between 0 and 365 days."],
      [{ minPlanPrice: -1 }, "Enter an amount of 0 or more."],
      [{ minPlanPrice: "499" }, ""],
    ] as const) {
      const response = await call("/api/admin/referrals/settings", {
        method: "PUT",
        cookie: p.admin.cookie,
        body: { ...SETTINGS, ...LIMITS, ...change },
      });
      expect(response.status).toBe(422);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await referralRows()).toEqual(before);
  });
});
