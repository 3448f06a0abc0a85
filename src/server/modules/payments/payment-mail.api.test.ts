import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/outbox.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { paymentTransactions, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { createPaymentsContext } from "../../test/payments-context.ts";
import { TEST_ORIGIN, type TestUser } from "../../test/test-app.ts";
import { recordCapturedPayment } from "./payment-ledger.ts";

// "Payment received" (docs/guides/messages.md): a mail written to the outbox with the activation
// of a captured payment, sent right after the commit, by the browser's verification or by the
// webhook, whichever activates; its dedupe key is the payment id.

let p: Awaited<ReturnType<typeof createPaymentsContext>>;

beforeAll(async () => {
  p = await createPaymentsContext();
  expect((await p.saveKeys()).status).toBe(200);
});
afterAll(async () => {
  await p.close();
});

async function checkout(student: TestUser, planId: string) {
  const order = await p.t.request("/api/payments/razorpay/orders", {
    cookie: student.cookie,
    body: { planId, stateCode: "07" },
  });
  expect(order.status).toBe(200);
  return (await order.json()) as { orderId: string; amount: number; transactionId: string };
}

const verify = (student: TestUser, paid: unknown) =>
  p.t.request("/api/payments/razorpay/verify", { cookie: student.cookie, body: paid });
const rowsOf = (student: TestUser) =>
  p.t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, student.id), eq(outbox.kind, "paymentReceived")));
/** The receipt mails to the student (their sign-up's verification mail is there too). */
const mailsTo = (student: TestUser) =>
  p.t.mail.filter(
    (mail) => mail.to === student.email && /^(Payment received|भुगतान प्राप्त)/.test(mail.subject),
  );

async function subscriptionOf(student: TestUser) {
  const [row] = await p.t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, student.id));
  return row;
}

describe("the payment received mail", () => {
  it("goes once when the browser's verification activates: the plan, amount, end date and invoice", async () => {
    const plan = await p.createPlan({ name: "Pro Monthly", price: "499.50" });
    const student = await p.t.createUser("student");
    const bystander = await p.t.createUser("student");
    await checkout(bystander, plan.id); // an open checkout of someone else: no mail for them
    const order = await checkout(student, plan.id);
    const paid = await p.pay(order.orderId);
    expect((await verify(student, paid)).status).toBe(200);

    const [row] = await rowsOf(student);
    expect(row).toMatchObject({
      status: "sent",
      channel: "email",
      dedupeKey: `paymentReceived:${paid.razorpay_payment_id}:${student.id}`,
    });
    const mails = mailsTo(student);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/^Payment received: Pro Monthly on /);
    expect(mail?.text).toContain("We received your payment of ₹499.50 for Pro Monthly.");
    const end = (await subscriptionOf(student))?.endDate;
    if (!end) throw new Error("no end date");
    const date = new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      dateStyle: "long",
    }).format(end);
    expect(mail?.text).toContain(`Your plan is active until ${date}.`);
    const receipt = await p.t.request(`/api/payments/transactions/${order.transactionId}/receipt`, {
      cookie: student.cookie,
    });
    const { invoice } = (await receipt.json()) as { invoice: { number: string } };
    expect(mail?.text).toContain(`Tax invoice ${invoice.number}.`);
    expect(mail?.text).toContain(
      `${TEST_ORIGIN}/student/transactions/${order.transactionId}/receipt`,
    );

    // The verification again, then both webhooks, each delivered twice: no second row or mail.
    expect((await verify(student, paid)).status).toBe(200);
    await p.sandbox.deliverQueued();
    expect(await rowsOf(student)).toHaveLength(1);
    expect(mailsTo(student)).toHaveLength(1);
    expect(mailsTo(bystander)).toEqual([]);
    expect(await rowsOf(bystander)).toEqual([]);
  });

  it("goes once when the webhook activates (the tab was closed), in the buyer's language", async () => {
    const plan = await p.createPlan({ name: "Pro Yearly", price: "4999.00", durationDays: 365 });
    const student = await p.t.createUser("student");
    await p.t.db.update(profiles).set({ uiLanguage: "hi" }).where(eq(profiles.id, student.id));
    const order = await checkout(student, plan.id);
    await p.pay(order.orderId);
    const [first] = p.sandbox.queued;
    if (!first) throw new Error("no webhook queued");
    await p.sandbox.deliverQueued();
    expect(await rowsOf(student)).toMatchObject([{ status: "sent" }]);
    const [mail] = mailsTo(student);
    expect(mail?.subject).toMatch(/^भुगतान प्राप्त हुआ: .* पर Pro Yearly$/);
    expect(mail?.text).toContain("Pro Yearly के लिए आपका ₹4,999 का भुगतान प्राप्त हो गया है।");

    // A replayed webhook is a duplicate: its answer is unchanged, and nothing is written.
    const replay = await p.t.app.request("/api/payments/razorpay/webhook", {
      method: "POST",
      headers: first.headers,
      body: first.body,
    });
    expect(await replay.json()).toEqual({ status: "duplicate" });
    expect(await rowsOf(student)).toHaveLength(1);
    expect(mailsTo(student)).toHaveLength(1);
  });

  it("is not written for a refused payment (a plan an admin cancelled) or a capture rolled back", async () => {
    const plan = await p.createPlan();
    const refused = await p.t.createUser("student");
    const order = await checkout(refused, plan.id);
    await p.t.db
      .update(userSubscriptions)
      .set({ status: "cancelled", cancelledByAdminAt: new Date() })
      .where(eq(userSubscriptions.userId, refused.id));
    const paid = await p.pay(order.orderId);
    expect((await verify(refused, paid)).status).toBe(409);
    await p.sandbox.deliverQueued();
    expect(await rowsOf(refused)).toEqual([]);
    expect(mailsTo(refused)).toEqual([]);

    // The activation's transaction rolls back: no payment, no subscription, no row.
    const student = await p.t.createUser("student");
    const open = await checkout(student, plan.id);
    const charged = await p.pay(open.orderId);
    p.sandbox.queued.splice(0);
    await expect(
      p.t.db.transaction(async (tx) => {
        const outcome = await recordCapturedPayment(tx, {
          payment: {
            orderId: open.orderId,
            paymentId: charged.razorpay_payment_id,
            amount: open.amount,
            currency: "INR",
          },
          now: new Date(),
        });
        expect(outcome).toMatchObject({ outcome: "activated", messages: [expect.any(String)] });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await rowsOf(student)).toEqual([]);
    const [transaction] = await p.t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, open.transactionId));
    expect(transaction?.status).not.toBe("paid");
    expect(mailsTo(student)).toEqual([]);
  });
});
