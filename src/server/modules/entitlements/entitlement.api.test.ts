import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { assertCanStart, findActiveSubscription, PREMIUM_REQUIRED_MESSAGE } from "./entitlement.ts";

const { t } = setupTestApp();
let planId: string;

beforeAll(async () => {
  const [plan] = await t.db.insert(subscriptionPlans).values({ name: "Monthly" }).returning();
  if (!plan) throw new Error("no plan");
  planId = plan.id;
});

const DAY = 86_400_000;
const now = new Date("2026-06-01T00:00:00Z");

async function subscribe(
  userId: string,
  status: "active" | "expired" | "cancelled",
  end: Date | null,
  limits: { examLimit?: number | null; attemptLimitPerExam?: number | null } = {},
  start = new Date(now.getTime() - DAY),
) {
  await t.db.insert(userSubscriptions).values({
    userId,
    planId,
    status,
    startDate: start,
    endDate: end,
    planName: "Monthly",
    examLimit: limits.examLimit ?? null,
    attemptLimitPerExam: limits.attemptLimitPerExam ?? null,
  });
}

async function premiumExam() {
  const fixture = await createExamFixture(t.db);
  await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, fixture.exam.id));
  return fixture.exam;
}

describe("findActiveSubscription", () => {
  it("exposes the active subscription's practice and evaluation limits, null as unlimited", async () => {
    const student = await t.createUser("student");
    await t.db.insert(userSubscriptions).values({
      userId: student.id,
      planId,
      status: "active",
      startDate: new Date(now.getTime() - DAY),
      endDate: new Date(now.getTime() + 29 * DAY),
      planName: "Monthly",
      practiceLimit: 20,
      evaluationLimit: 4,
    });
    expect(await findActiveSubscription(t.db, { userId: student.id, now })).toMatchObject({
      planId,
      practiceLimit: 20,
      evaluationLimit: 4,
    });
    const unlimited = await t.createUser("student");
    await subscribe(unlimited.id, "active", null);
    expect(await findActiveSubscription(t.db, { userId: unlimited.id, now })).toMatchObject({
      practiceLimit: null,
      evaluationLimit: null,
    });
    expect(
      await findActiveSubscription(t.db, { userId: (await t.createUser("student")).id, now }),
    ).toBeNull();
  });
});

describe("assertCanStart", () => {
  const content = (isFree: boolean) => ({ kind: "quiz" as const, id: "q", isFree });

  it("lets every student start free content", async () => {
    const student = await t.createUser("student");
    await expect(
      assertCanStart(t.db, {
        viewer: { userId: student.id, role: "student" },
        content: content(true),
        now,
      }),
    ).resolves.toBeUndefined();
  });

  it("lets admins start premium content without a subscription", async () => {
    const admin = await t.createUser("admin");
    await expect(
      assertCanStart(t.db, {
        viewer: { userId: admin.id, role: "admin" },
        content: content(false),
        now,
      }),
    ).resolves.toBeUndefined();
  });

  it("refuses premium content to a student without a subscription, with a link to the plans", async () => {
    const student = await t.createUser("student");
    await expect(
      assertCanStart(t.db, {
        viewer: { userId: student.id, role: "student" },
        content: content(false),
        now,
      }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: PREMIUM_REQUIRED_MESSAGE,
      details: { plansUrl: "/student/subscriptions" },
    });
  });

  it("allows an active subscription, a lifetime one, and refuses one past its end date", async () => {
    const active = await t.createUser("student");
    await subscribe(active.id, "active", new Date(now.getTime() + DAY));
    const lifetime = await t.createUser("student");
    await subscribe(lifetime.id, "active", null);
    const lapsed = await t.createUser("student");
    await subscribe(lapsed.id, "active", new Date(now.getTime() - 1));
    const cancelled = await t.createUser("student");
    await subscribe(cancelled.id, "cancelled", new Date(now.getTime() + DAY));

    const check = (userId: string) =>
      assertCanStart(t.db, { viewer: { userId, role: "student" }, content: content(false), now });
    await expect(check(active.id)).resolves.toBeUndefined();
    await expect(check(lifetime.id)).resolves.toBeUndefined();
    await expect(check(lapsed.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(check(cancelled.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("plan limits", () => {
  const student = (userId: string) => ({ userId, role: "student" as const });
  const started = (userId: string, examId: string, startedAt = now) =>
    t.db.insert(examAttempts).values({
      userId,
      examId,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 600_000),
      completedAt: startedAt,
    });

  it("allows exam_limit distinct premium exams in the period and refuses the next one", async () => {
    const user = await t.createUser("student");
    await subscribe(user.id, "active", new Date(now.getTime() + DAY), { examLimit: 2 });
    const [a, b, c] = [await premiumExam(), await premiumExam(), await premiumExam()];
    const free = (await createExamFixture(t.db)).exam;
    await started(user.id, a.id);
    await started(user.id, free.id);
    const check = (examId: string, isFree = false) =>
      assertCanStart(t.db, {
        viewer: student(user.id),
        content: { kind: "exam", id: examId, isFree },
        now,
      });
    await expect(check(b.id)).resolves.toBeUndefined();
    await started(user.id, b.id);
    await expect(check(c.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "EXAM_LIMIT_REACHED", plansUrl: "/student/subscriptions" },
      // The sentence with its values as a marked text, for the client's interface language.
      text: {
        key: "You have started all {{count}} premium exams your {{plan}} plan includes. Choose a plan with a higher limit to open more.",
        values: { count: 2 },
      },
    });
    // Exams already started stay open (within the attempt limit), free ones never count.
    await expect(check(a.id)).resolves.toBeUndefined();
    await expect(check(free.id, true)).resolves.toBeUndefined();
  });

  it("counts only attempts started in the subscription period", async () => {
    const user = await t.createUser("student");
    await subscribe(user.id, "active", null, { examLimit: 1, attemptLimitPerExam: 1 });
    const [old, fresh] = [await premiumExam(), await premiumExam()];
    await started(user.id, old.id, new Date(now.getTime() - 2 * DAY));
    await expect(
      assertCanStart(t.db, {
        viewer: student(user.id),
        content: { kind: "exam", id: fresh.id, isFree: false },
        now,
      }),
    ).resolves.toBeUndefined();
  });

  it("allows attempt_limit_per_exam attempts and refuses the next", async () => {
    const user = await t.createUser("student");
    await subscribe(user.id, "active", null, { attemptLimitPerExam: 2 });
    const exam = await premiumExam();
    const check = () =>
      assertCanStart(t.db, {
        viewer: student(user.id),
        content: { kind: "exam", id: exam.id, isFree: false },
        now,
      });
    await started(user.id, exam.id);
    await expect(check()).resolves.toBeUndefined();
    await started(user.id, exam.id);
    await expect(check()).rejects.toMatchObject({
      details: { reason: "ATTEMPT_LIMIT_REACHED" },
    });
  });

  it("refuses over HTTP at the attempt limit with the reason, and records nothing", async () => {
    const user = await t.createUser("student");
    // Over HTTP the server's own clock decides, so the period is set around it.
    await subscribe(
      user.id,
      "active",
      new Date(Date.now() + DAY),
      { attemptLimitPerExam: 1 },
      new Date(Date.now() - DAY),
    );
    const exam = await premiumExam();
    const first = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: user.cookie,
    });
    expect(first.status).toBe(200);
    const { attempt } = await first.json();
    await t.request(`/api/attempts/${attempt.id}/submit`, { method: "POST", cookie: user.cookie });
    const second = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: user.cookie,
    });
    expect(second.status).toBe(403);
    const body = await second.json();
    expect(body.error.details).toEqual({
      reason: "ATTEMPT_LIMIT_REACHED",
      plansUrl: "/student/subscriptions",
    });
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    expect(rows).toHaveLength(1);
  });
});

describe("the limits' period (decision 028)", () => {
  const student = (userId: string) => ({ userId, role: "student" as const });
  const started = (userId: string, examId: string, startedAt: Date) =>
    t.db.insert(examAttempts).values({
      userId,
      examId,
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 600_000),
      completedAt: startedAt,
    });
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  /** A subscription to `plan` that ran from `from` until `to` replaced it, or is active. */
  const held = (userId: string, plan: string, from: Date, to: Date | null, durationDays: number) =>
    t.db.insert(userSubscriptions).values({
      userId,
      planId: plan,
      status: to ? "replaced" : "active",
      startDate: from,
      endDate: to ?? new Date(from.getTime() + durationDays * DAY),
      planName: "Monthly",
      durationDays,
      examLimit: null,
      attemptLimitPerExam: 1,
    });
  const check = (userId: string, examId: string) =>
    assertCanStart(t.db, {
      viewer: student(userId),
      content: { kind: "exam", id: examId, isFree: false },
      now,
    });

  it("a renewal inside a period keeps that period's usage; the period before is not counted", async () => {
    const user = await t.createUser("student");
    // First bought 40 days ago (periods: 40-10 days ago, then from 10 days ago), renewed 5 days ago.
    await held(user.id, planId, ago(40), ago(5), 30);
    await held(user.id, planId, ago(5), null, 30);
    const [thisPeriod, lastPeriod] = [await premiumExam(), await premiumExam()];
    await started(user.id, thisPeriod.id, ago(8));
    await started(user.id, lastPeriod.id, ago(35));
    await expect(check(user.id, thisPeriod.id)).rejects.toMatchObject({
      details: { reason: "ATTEMPT_LIMIT_REACHED" },
    });
    await expect(check(user.id, lastPeriod.id)).resolves.toBeUndefined();
  });

  it("a lifetime plan bought again counts every attempt since its first start", async () => {
    const user = await t.createUser("student");
    await held(user.id, planId, ago(100), ago(1), 0);
    await t.db.insert(userSubscriptions).values({
      userId: user.id,
      planId,
      status: "active",
      startDate: ago(1),
      endDate: null,
      planName: "Lifetime",
      durationDays: 0,
      attemptLimitPerExam: 1,
    });
    const exam = await premiumExam();
    await started(user.id, exam.id, ago(50));
    await expect(check(user.id, exam.id)).rejects.toMatchObject({
      details: { reason: "ATTEMPT_LIMIT_REACHED" },
    });
  });

  it("another plan has its own period: it starts from its own first start", async () => {
    const [other] = await t.db.insert(subscriptionPlans).values({ name: "Other" }).returning();
    if (!other) throw new Error("no plan");
    const user = await t.createUser("student");
    await held(user.id, planId, ago(10), ago(2), 30);
    await held(user.id, other.id, ago(2), null, 30);
    const exam = await premiumExam();
    await started(user.id, exam.id, ago(5));
    await expect(check(user.id, exam.id)).resolves.toBeUndefined();
    await started(user.id, exam.id, ago(1));
    await expect(check(user.id, exam.id)).rejects.toMatchObject({
      details: { reason: "ATTEMPT_LIMIT_REACHED" },
    });
  });
});

describe("premium exams over HTTP", () => {
  it("refuses to start a premium exam without a subscription and creates no attempt", async () => {
    const student = await t.createUser("student");
    const exam = await premiumExam();
    const response = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error.message).toBe(PREMIUM_REQUIRED_MESSAGE);
    expect(body.error.details.plansUrl).toBe("/student/subscriptions");
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    expect(rows).toHaveLength(0);
  });

  it("starts a premium exam for a subscriber and for an admin", async () => {
    const student = await t.createUser("student");
    await subscribe(student.id, "active", null, {}, new Date(Date.now() - DAY));
    const admin = await t.createUser("admin");
    const exam = await premiumExam();
    for (const user of [student, admin]) {
      const response = await t.request(`/api/exams/${exam.id}/attempts`, {
        method: "POST",
        cookie: user.cookie,
      });
      expect(response.status).toBe(200);
    }
  });
});
