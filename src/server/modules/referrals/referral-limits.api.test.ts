import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles.ts";
import { referralCredits, referralSettings, referrals } from "../../db/schema/referrals.ts";
import { SETTINGS, setupReferralsTest } from "../../test/referrals-fixture.ts";
import { TEST_PASSWORD } from "../../test/test-app.ts";
import { REPRICED_REASON } from "../payments/checkout.service.ts";

const {
  p,
  clock,
  at,
  call,
  configure,
  mine,
  referredStudent,
  checkout,
  payAndVerify,
  refund,
  transaction,
  referralRows,
} = setupReferralsTest();

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
