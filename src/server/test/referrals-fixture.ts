// The referral API tests' shared set-up (modules/referrals/referral*.api.test.ts): the payments
// context on the test clock, the settings the ledger tests run with, and helpers that sign up
// referred students, check out, pay, refund and read the referral tables.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { user } from "../db/schema/auth.ts";
import {
  referralCodes,
  referralCredits,
  referralCreditUses,
  referralSettings,
  referrals,
} from "../db/schema/referrals.ts";
import { paymentTransactions } from "../db/schema/subscriptions.ts";
import { createTestClock } from "../lib/test-clock.ts";
import { createPaymentsContext, KEYS } from "./payments-context.ts";
import { TEST_PASSWORD } from "./test-app.ts";

type PaymentsContext = Awaited<ReturnType<typeof createPaymentsContext>>;

export const SETTINGS = {
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

export type Mine = {
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

/**
 * The payments context (made in the calling file's beforeAll, so one per test file) and the
 * helpers that use it. `p` stands for the context once it exists.
 */
export function setupReferralsTest() {
  let p: PaymentsContext;
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

  async function configure(overrides: Record<string, unknown> = {}) {
    const saved = await call("/api/admin/referrals/settings", {
      method: "PUT",
      cookie: p.admin.cookie,
      body: { ...SETTINGS, ...overrides },
    });
    expect(saved.status).toBe(200);
    return saved.body;
  }

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
  async function payAndVerify(
    cookie: string,
    orderId: string,
    sheet: Record<string, unknown> = {},
  ) {
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

  const handle = new Proxy({} as PaymentsContext, {
    get: (_, key) => {
      if (!p) throw new Error("the payments context is made in beforeAll: use it inside a test");
      return Reflect.get(p, key);
    },
  });
  return {
    p: handle,
    clock,
    at,
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
  };
}
