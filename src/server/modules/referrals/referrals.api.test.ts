import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../db/schema/auth.ts";
import { referralCredits, referrals } from "../../db/schema/referrals.ts";
import { SETTINGS, setupReferralsTest } from "../../test/referrals-fixture.ts";
import { expireAbandonedCheckouts } from "../payments/abandoned-checkouts.ts";
import { getMyReferrals } from "./referrals.service.ts";

const {
  p,
  call,
  configure,
  mine,
  signUpWith,
  referredStudent,
  checkout,
  payAndVerify,
  refund,
  transaction,
  referralRows,
} = setupReferralsTest();

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
