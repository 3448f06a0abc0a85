import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, PLAN_MESSAGES } from "../../../shared/subscriptions.ts";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import {
  paymentTransactions,
  subscriptionPlans,
  userSubscriptions,
} from "../../db/schema/subscriptions.ts";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../lib/db-errors.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { createPaymentsContext } from "../../test/payments-context.ts";

// Decision 028 through the real routes: the order of plans bought, free plans once, admin
// cancellations that stick, and limits that renewing does not reset.

let p: Awaited<ReturnType<typeof createPaymentsContext>>;
type Student = Awaited<ReturnType<typeof p.t.createUser>>;
type Plan = typeof subscriptionPlans.$inferSelect;

const DAY = 86_400_000;

beforeAll(async () => {
  p = await createPaymentsContext();
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

/** Every subscription and payment row of the student, oldest first. */
async function state(userId: string) {
  const subscriptions = await p.t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.createdAt), asc(userSubscriptions.id));
  const transactions = await p.t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(asc(paymentTransactions.createdAt));
  return { subscriptions, transactions };
}

const freePlan = (values: Partial<Plan> = {}) =>
  p.createPlan({ name: "Starter Free", price: "0", durationDays: 0, ...values });

const activateFree = (student: Student, plan: Plan) =>
  call("/api/subscriptions/free", { cookie: student.cookie, body: { planId: plan.id } });

/** Checkout, the sheet's Pay, the browser's verification, then both webhooks (twice each). */
async function buy(student: Student, plan: Plan) {
  const order = await call("/api/payments/razorpay/orders", {
    cookie: student.cookie,
    body: { planId: plan.id, stateCode: "07" },
  });
  expect(order.status).toBe(200);
  const verified = await call("/api/payments/razorpay/verify", {
    cookie: student.cookie,
    body: await p.pay(order.body.orderId),
  });
  await p.sandbox.deliverQueued();
  return verified;
}

function daysBetween(start: Date | null | undefined, end: Date | null | undefined) {
  if (!start || !end) return null;
  return (end.getTime() - start.getTime()) / DAY;
}

/** The student's rows, checked: exactly one active, and each replaced one ends as it starts. */
async function activeAndReplaced(userId: string) {
  const { subscriptions } = await state(userId);
  const active = subscriptions.filter((s) => s.status === "active");
  expect(active).toHaveLength(1);
  const replaced = subscriptions.filter((s) => s.status === "replaced");
  for (const old of replaced) expect(old.endDate).toEqual(active[0]?.startDate);
  return { active: active[0], replaced };
}

/** Moves the student's subscriptions `days` into the past, as if that time had gone by. */
async function age(userId: string, days: number) {
  const rows = await p.t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  for (const row of rows) {
    await p.t.db
      .update(userSubscriptions)
      .set({
        startDate: row.startDate && new Date(row.startDate.getTime() - days * DAY),
        endDate: row.endDate && new Date(row.endDate.getTime() - days * DAY),
      })
      .where(eq(userSubscriptions.id, row.id));
  }
}

describe("buying a plan while another is active (each plan keeps its own end)", () => {
  it("free lifetime, then paid monthly: the paid plan ends after its 30 days", async () => {
    const free = await freePlan();
    const monthly = await p.createPlan({ name: "Pro Monthly", price: "299.00", durationDays: 30 });
    const student = await p.t.createUser("student");
    expect((await activateFree(student, free)).status).toBe(200);
    const bought = await buy(student, monthly);
    expect(bought.status).toBe(200);
    expect(bought.body.subscription).toMatchObject({ status: "active", planId: monthly.id });
    expect(bought.body.subscription.endDate).not.toBeNull();
    const { active, replaced } = await activeAndReplaced(student.id);
    expect(active?.planId).toBe(monthly.id);
    expect(daysBetween(active?.startDate, active?.endDate)).toBe(30);
    expect(replaced.map((r) => r.planId)).toEqual([free.id]);
  });

  it("paid monthly, then free: refused while the paid plan runs, its own end once it ended", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const free = await freePlan({ name: "Trial Week", durationDays: 7 });
    const student = await p.t.createUser("student");
    expect((await buy(student, monthly)).status).toBe(200);
    const before = await state(student.id);
    const refused = await activateFree(student, free);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(PAYMENT_MESSAGES.freeWhileActive);
    expect(await state(student.id)).toEqual(before);

    await age(student.id, 31);
    const activated = await activateFree(student, free);
    expect(activated.status).toBe(200);
    const { subscriptions } = await state(student.id);
    const trial = subscriptions.find((s) => s.planId === free.id);
    expect(trial?.status).toBe("active");
    expect(daysBetween(trial?.startDate, trial?.endDate)).toBe(7);
    expect(subscriptions.find((s) => s.planId === monthly.id)?.status).toBe("expired");
  });

  it("paid lifetime, then paid monthly: the monthly plan ends after its 30 days", async () => {
    const lifetime = await p.createPlan({ name: "Lifetime Pass", price: "2999", durationDays: 0 });
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const student = await p.t.createUser("student");
    expect((await buy(student, lifetime)).status).toBe(200);
    expect((await buy(student, monthly)).status).toBe(200);
    const { active, replaced } = await activeAndReplaced(student.id);
    expect(active?.planId).toBe(monthly.id);
    expect(daysBetween(active?.startDate, active?.endDate)).toBe(30);
    expect(replaced.map((r) => r.planId)).toEqual([lifetime.id]);
  });

  it("paid monthly, then paid lifetime: the lifetime plan has no end, the monthly one ends now", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const lifetime = await p.createPlan({ name: "Lifetime Pass", price: "2999", durationDays: 0 });
    const student = await p.t.createUser("student");
    expect((await buy(student, monthly)).status).toBe(200);
    const bought = await buy(student, lifetime);
    expect(bought.body.subscription).toMatchObject({ planId: lifetime.id, endDate: null });
    const { active, replaced } = await activeAndReplaced(student.id);
    expect(active?.planId).toBe(lifetime.id);
    expect(active?.endDate).toBeNull();
    expect(replaced.map((r) => r.planId)).toEqual([monthly.id]);
  });

  it("the same paid plan twice: the second runs its own 30 days from now", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const student = await p.t.createUser("student");
    expect((await buy(student, monthly)).status).toBe(200);
    expect((await buy(student, monthly)).status).toBe(200);
    const { active, replaced } = await activeAndReplaced(student.id);
    expect(daysBetween(active?.startDate, active?.endDate)).toBe(30);
    expect(replaced).toHaveLength(1);
  });

  it("shows the replaced subscription as such to the admin, and only the new one to the student", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const yearly = await p.createPlan({ name: "Pro Yearly", price: "2999", durationDays: 365 });
    const student = await p.t.createUser("student");
    await buy(student, monthly);
    await buy(student, yearly);
    const list = await call(
      `/api/admin/user-subscriptions?search=${encodeURIComponent(student.email)}`,
      { cookie: p.admin.cookie },
    );
    expect(list.body.items.map((i: { planName: string; status: string }) => i.status)).toEqual([
      "active",
      "replaced",
    ]);
    const me = await call("/api/subscriptions/me", { cookie: student.cookie });
    expect(me.body.subscription).toMatchObject({ planId: yearly.id, status: "active" });
    // A replaced subscription has ended: the admin cannot cancel it and nothing changes.
    const old = list.body.items[1];
    const before = await state(student.id);
    const cancel = await call(`/api/admin/user-subscriptions/${old.id}/cancel`, {
      method: "POST",
      cookie: p.admin.cookie,
    });
    expect(cancel.status).toBe(409);
    expect(await state(student.id)).toEqual(before);
  });
});

describe("free plans activate once per student, ever", () => {
  it("refuses the same free plan while it runs and after it ended, changing nothing", async () => {
    const free = await freePlan({ name: "Trial Week", durationDays: 7 });
    const student = await p.t.createUser("student");
    expect((await activateFree(student, free)).status).toBe(200);
    const before = await state(student.id);
    const again = await activateFree(student, free);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PLAN_MESSAGES.alreadyCurrent);
    expect(await state(student.id)).toEqual(before);

    await age(student.id, 8);
    const aged = await state(student.id);
    const afterEnd = await activateFree(student, free);
    expect(afterEnd.status).toBe(409);
    expect(afterEnd.body.error.message).toBe(PAYMENT_MESSAGES.freeUsedOnce);
    expect(await state(student.id)).toEqual(aged);
  });

  it("refuses a free plan the student held before, after a paid plan replaced it", async () => {
    const free = await freePlan();
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const student = await p.t.createUser("student");
    await activateFree(student, free);
    await buy(student, monthly);
    await age(student.id, 31);
    const before = await state(student.id);
    const again = await activateFree(student, free);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PAYMENT_MESSAGES.freeUsedOnce);
    expect(await state(student.id)).toEqual(before);
  });

  it("lets two requests at once activate it once", async () => {
    const free = await freePlan();
    const student = await p.t.createUser("student");
    const results = await Promise.all([activateFree(student, free), activateFree(student, free)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await state(student.id)).subscriptions).toHaveLength(1);
  });

  it("is enforced by the database too: a second free row for the same plan is refused", async () => {
    const free = await freePlan();
    const student = await p.t.createUser("student");
    const row = {
      userId: student.id,
      planId: free.id,
      status: "expired" as const,
      startDate: new Date(),
      planName: free.name,
      freeActivation: true,
    };
    await p.t.db.insert(userSubscriptions).values(row);
    const error = await p.t.db
      .insert(userSubscriptions)
      .values(row)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe(UNIQUE_VIOLATION);
    expect((await state(student.id)).subscriptions).toHaveLength(1);
  });
});

describe("an admin's cancellation sticks", () => {
  async function cancelAsAdmin(subscriptionId: string) {
    const response = await call(`/api/admin/user-subscriptions/${subscriptionId}/cancel`, {
      method: "POST",
      cookie: p.admin.cookie,
    });
    expect(response.status).toBe(200);
  }

  it("the student cannot activate a cancelled free plan again", async () => {
    const free = await freePlan();
    const student = await p.t.createUser("student");
    const activated = await activateFree(student, free);
    await cancelAsAdmin(activated.body.subscription.id);
    const before = await state(student.id);
    const again = await activateFree(student, free);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PAYMENT_MESSAGES.cancelledByAdmin);
    expect(await state(student.id)).toEqual(before);
    const me = await call("/api/subscriptions/me", { cookie: student.cookie });
    expect(me.body.subscription).toMatchObject({ status: "cancelled" });
  });

  it("the student cannot buy a cancelled paid plan again, but may buy another", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const yearly = await p.createPlan({ name: "Pro Yearly", price: "2999", durationDays: 365 });
    const student = await p.t.createUser("student");
    const bought = await buy(student, monthly);
    await cancelAsAdmin(bought.body.subscription.id);
    const before = await state(student.id);
    const order = await call("/api/payments/razorpay/orders", {
      cookie: student.cookie,
      body: { planId: monthly.id, stateCode: "07" },
    });
    expect(order.status).toBe(409);
    expect(order.body.error.message).toBe(PAYMENT_MESSAGES.cancelledByAdmin);
    expect(await state(student.id)).toEqual(before);
    expect((await buy(student, yearly)).status).toBe(200);
  });

  it("a payment for a checkout the admin cancelled does not activate it", async () => {
    const monthly = await p.createPlan({ name: "Pro Monthly", durationDays: 30 });
    const student = await p.t.createUser("student");
    const order = await call("/api/payments/razorpay/orders", {
      cookie: student.cookie,
      body: { planId: monthly.id, stateCode: "07" },
    });
    const [pending] = (await state(student.id)).subscriptions;
    if (!pending) throw new Error("no pending subscription");
    await cancelAsAdmin(pending.id);
    const verifiedBody = await p.pay(order.body.orderId);
    const verified = await call("/api/payments/razorpay/verify", {
      cookie: student.cookie,
      body: verifiedBody,
    });
    expect(verified.status).toBe(409);
    expect(verified.body.error.message).toBe(PAYMENT_MESSAGES.cancelledByAdmin);
    // The browser retries its verification: the same refusal, never "Payment Successful".
    const retried = await call("/api/payments/razorpay/verify", {
      cookie: student.cookie,
      body: verifiedBody,
    });
    expect(retried.status).toBe(409);
    expect(retried.body.error.message).toBe(PAYMENT_MESSAGES.cancelledByAdmin);
    await p.sandbox.deliverQueued();
    const after = await state(student.id);
    expect(after.subscriptions).toHaveLength(1);
    expect(after.subscriptions[0]).toMatchObject({ status: "cancelled", startDate: null });
    // The money was taken: the payment stays recorded, for the admin to refund.
    expect(after.transactions[0]?.status).toBe("paid");
    const me = await call("/api/subscriptions/me", { cookie: student.cookie });
    expect(me.body).toEqual({ subscription: null });
  });
});

describe("limits count usage in the plan's period, not since the latest activation", () => {
  async function premiumExam() {
    const fixture = await createExamFixture(p.t.db);
    await p.t.db.update(exams).set({ isFree: false }).where(eq(exams.id, fixture.exam.id));
    return fixture.exam;
  }
  const start = (student: Student, examId: string) =>
    call(`/api/exams/${examId}/attempts`, { method: "POST", cookie: student.cookie });
  const attempts = (userId: string) =>
    p.t.db.select().from(examAttempts).where(eq(examAttempts.userId, userId));

  it("buying the same plan again does not give back an attempt used in the period", async () => {
    const monthly = await p.createPlan({
      name: "Pro Monthly",
      durationDays: 30,
      examLimit: 5,
      attemptLimitPerExam: 1,
    });
    const student = await p.t.createUser("student");
    const exam = await premiumExam();
    await buy(student, monthly);
    const first = await start(student, exam.id);
    expect(first.status).toBe(200);
    await call(`/api/attempts/${first.body.attempt.id}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });

    expect((await buy(student, monthly)).status).toBe(200);
    const before = await attempts(student.id);
    const again = await start(student, exam.id);
    expect(again.status).toBe(403);
    expect(again.body.error.details).toEqual({
      reason: "ATTEMPT_LIMIT_REACHED",
      plansUrl: "/student/subscriptions",
    });
    expect(await attempts(student.id)).toEqual(before);
    // The start screen reads the same rule.
    const overview = await call(`/api/exams/${exam.id}/overview`, { cookie: student.cookie });
    expect(overview.body.access).toEqual({
      locked: true,
      reason: "ATTEMPT_LIMIT_REACHED",
      attemptsLeft: null,
    });
  });
});

describe("a subscription keeps the evaluation limit it was bought with", () => {
  const planBody = (plan: Plan, evaluationLimit: unknown) => ({
    name: plan.name,
    description: plan.description,
    price: Number(plan.price),
    currency: plan.currency,
    durationDays: plan.durationDays,
    examLimit: plan.examLimit,
    attemptLimitPerExam: plan.attemptLimitPerExam,
    practiceLimit: plan.practiceLimit,
    evaluationLimit,
    features: plan.features,
    isActive: plan.isActive,
  });
  const editPlan = (plan: Plan, evaluationLimit: unknown) =>
    call(`/api/admin/subscription-plans/${plan.id}`, {
      method: "PUT",
      cookie: p.admin.cookie,
      body: planBody(plan, evaluationLimit),
    });

  it("an admin's edit applies to the next purchase, not to the running subscription", async () => {
    const monthly = await p.createPlan({ name: "Mains Monthly", evaluationLimit: 4 });
    const student = await p.t.createUser("student");
    expect((await buy(student, monthly)).status).toBe(200);
    expect((await activeAndReplaced(student.id)).active?.evaluationLimit).toBe(4);

    expect((await editPlan(monthly, 10)).status).toBe(200);
    const me = await call("/api/subscriptions/me", { cookie: student.cookie });
    expect(me.body.subscription).toMatchObject({ planId: monthly.id, evaluationLimit: 4 });

    const renewed = await buy(student, monthly);
    expect(renewed.body.subscription).toMatchObject({ planId: monthly.id, evaluationLimit: 10 });
    const { active, replaced } = await activeAndReplaced(student.id);
    expect(active?.evaluationLimit).toBe(10);
    expect(replaced.map((r) => r.evaluationLimit)).toEqual([4]);
  });

  it("an unlimited plan (-1) gives an unlimited subscription; a refused edit changes nothing", async () => {
    const yearly = await p.createPlan({ name: "Mains Yearly", price: "2999", evaluationLimit: 2 });
    expect((await editPlan(yearly, -1)).status).toBe(200);
    const student = await p.t.createUser("student");
    const bought = await buy(student, yearly);
    expect(bought.body.subscription.evaluationLimit).toBeNull();

    const plansBefore = await p.t.db.select().from(subscriptionPlans);
    const studentBefore = await state(student.id);
    const refused = await editPlan(yearly, -5);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(PLAN_MESSAGES.limitInvalid);
    expect(await p.t.db.select().from(subscriptionPlans)).toEqual(plansBefore);
    expect(await state(student.id)).toEqual(studentBefore);
  });
});
