import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptionPlans, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, admin } = setupTestApp({ users: { admin: "admin" } });

const planBody = (over: Record<string, unknown> = {}) => ({
  name: "Premium Yearly",
  description: "Everything",
  price: 4999,
  currency: "inr",
  durationDays: 365,
  examLimit: -1,
  attemptLimitPerExam: 3,
  features: ["  All mock tests ", "", "   "],
  isActive: true,
  ...over,
});

describe("admin plans", () => {
  it("creates a plan: -1 stored as null, features trimmed, blanks dropped", async () => {
    const response = await t.request("/api/admin/subscription-plans", {
      cookie: admin.cookie,
      body: planBody(),
    });
    expect(response.status).toBe(201);
    const plan = await response.json();
    expect(plan).toMatchObject({
      price: 4999,
      currency: "INR",
      examLimit: null,
      attemptLimitPerExam: 3,
      features: ["All mock tests"],
    });
  });

  it("stores the evaluation limit like the practice limit: a number, -1 or none as unlimited", async () => {
    const create = (over: Record<string, unknown>) =>
      t.request("/api/admin/subscription-plans", {
        cookie: admin.cookie,
        body: planBody({ name: "Evaluated Monthly", ...over }),
      });
    const limited = await create({ evaluationLimit: 5, practiceLimit: 20 });
    expect(limited.status).toBe(201);
    const plan = await limited.json();
    expect(plan).toMatchObject({ evaluationLimit: 5, practiceLimit: 20 });
    const [row] = await t.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, plan.id));
    expect(row).toMatchObject({ evaluationLimit: 5, practiceLimit: 20 });

    expect((await (await create({ evaluationLimit: -1 })).json()).evaluationLimit).toBeNull();
    expect((await (await create({ evaluationLimit: null })).json()).evaluationLimit).toBeNull();
    // An older client sends no evaluation limit: unlimited.
    expect((await (await create({})).json()).evaluationLimit).toBeNull();

    const updated = await t.request(`/api/admin/subscription-plans/${plan.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: planBody({ name: "Evaluated Monthly", evaluationLimit: 0 }),
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).evaluationLimit).toBe(0);
    const list = await (
      await t.request("/api/admin/subscription-plans?pageSize=100", { cookie: admin.cookie })
    ).json();
    expect(list.items.find((p: { id: string }) => p.id === plan.id)?.evaluationLimit).toBe(0);
  });

  it("refuses a bad evaluation limit, on create and on update, and changes nothing", async () => {
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name: "Evaluation Edit", price: "99", evaluationLimit: 4 })
      .returning();
    if (!plan) throw new Error("no plan");
    const before = await t.db.select().from(subscriptionPlans);
    for (const evaluationLimit of [-2, 1.5, "3", 100_001]) {
      const created = await t.request("/api/admin/subscription-plans", {
        cookie: admin.cookie,
        body: planBody({ evaluationLimit }),
      });
      expect(`${evaluationLimit} ${created.status}`).toBe(`${evaluationLimit} 422`);
      const body = await created.json();
      expect(body.error.code).toBe("VALIDATION_FAILED");
      const updated = await t.request(`/api/admin/subscription-plans/${plan.id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body: planBody({ name: "Evaluation Edit", evaluationLimit }),
      });
      expect(`${evaluationLimit} ${updated.status}`).toBe(`${evaluationLimit} 422`);
    }
    expect(await t.db.select().from(subscriptionPlans)).toEqual(before);
  });

  it("refuses invalid input and stores nothing", async () => {
    const before = await t.db.select().from(subscriptionPlans);
    for (const body of [
      planBody({ name: " " }),
      planBody({ price: -1 }),
      planBody({ price: 0.5 }),
      planBody({ price: 10.005 }),
      planBody({ durationDays: -1 }),
      planBody({ examLimit: -2 }),
      planBody({ currency: "" }),
    ]) {
      const response = await t.request("/api/admin/subscription-plans", {
        cookie: admin.cookie,
        body,
      });
      expect(response.status).toBe(422);
    }
    expect(await t.db.select().from(subscriptionPlans)).toEqual(before);
  });

  it("refuses to delete a plan someone is subscribed to, with the spec's message", async () => {
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name: "Pro Monthly", price: "499" })
      .returning();
    if (!plan) throw new Error("no plan");
    const student = await t.createUser("student");
    await t.db.insert(userSubscriptions).values({
      userId: student.id,
      planId: plan.id,
      status: "active",
      startDate: new Date(),
      planName: plan.name,
    });
    const response = await t.request(`/api/admin/subscription-plans/${plan.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toBe(
      "This plan cannot be deleted because 1 user(s) are currently subscribed to it. Consider deactivating the plan instead.",
    );
    const rows = await t.db
      .select()
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, plan.id));
    expect(rows).toHaveLength(1);

    // Once the subscription has ended, the plan goes and the history keeps its name.
    await t.db
      .update(userSubscriptions)
      .set({ status: "expired" })
      .where(eq(userSubscriptions.userId, student.id));
    const again = await t.request(`/api/admin/subscription-plans/${plan.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(again.status).toBe(200);
    const [history] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, student.id));
    expect(history).toMatchObject({ planId: null, planName: "Pro Monthly" });
  });

  it("is for admins only", async () => {
    const student = await t.createUser("student");
    const response = await t.request("/api/admin/subscription-plans", {
      cookie: student.cookie,
      body: planBody(),
    });
    expect(response.status).toBe(403);
    const list = await t.request("/api/admin/subscription-plans", { cookie: student.cookie });
    expect(list.status).toBe(403);
    expect((await t.request("/api/admin/subscription-plans")).status).toBe(401);
  });

  it("lists plans a page at a time, newest first, inactive ones too", async () => {
    await t.db.insert(subscriptionPlans).values(
      ["Older", "Old", "New", "Newest"].map((name, i) => ({
        name: `Paged ${name}`,
        price: "99",
        isActive: i !== 1,
        createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
      })),
    );
    const list = (query: string) =>
      t.request(`/api/admin/subscription-plans?${query}`, { cookie: admin.cookie });
    const all = await (await list("pageSize=100")).json();
    expect(all.total).toBe(all.items.length);
    expect(all.items.slice(0, 4).map((p: { name: string }) => p.name)).toEqual([
      "Paged Newest",
      "Paged New",
      "Paged Old",
      "Paged Older",
    ]);
    const second = await (await list("page=2&pageSize=2")).json();
    expect(second).toEqual({
      items: all.items.slice(2, 4),
      total: all.total,
      page: 2,
      pageSize: 2,
    });
    expect((await (await list("")).json()).pageSize).toBe(20);
  });

  it("refuses a page or page size out of bounds with a 422", async () => {
    for (const query of ["page=0", "page=x", "pageSize=0", "pageSize=101"]) {
      const response = await t.request(`/api/admin/subscription-plans?${query}`, {
        cookie: admin.cookie,
      });
      expect(`${query} ${response.status}`).toBe(`${query} 422`);
      expect((await response.json()).error.code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("students", () => {
  it("lists active plans by price and activates a free plan at once", async () => {
    const [free] = await t.db
      .insert(subscriptionPlans)
      .values({ name: "Starter", price: "0", durationDays: 0, examLimit: 2, evaluationLimit: 1 })
      .returning();
    await t.db.insert(subscriptionPlans).values({ name: "Hidden", price: "1", isActive: false });
    if (!free) throw new Error("no plan");
    const student = await t.createUser("student");
    const plans = await (
      await t.request("/api/subscriptions/plans", { cookie: student.cookie })
    ).json();
    expect(plans.map((p: { name: string }) => p.name)).not.toContain("Hidden");
    const prices = plans.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));

    const response = await t.request("/api/subscriptions/free", {
      cookie: student.cookie,
      body: { planId: free.id },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).subscription).toMatchObject({
      status: "active",
      endDate: null,
      examLimit: 2,
      evaluationLimit: 1,
    });
    const [copied] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, student.id));
    expect(copied?.evaluationLimit).toBe(1);
    const me = await (await t.request("/api/subscriptions/me", { cookie: student.cookie })).json();
    expect(me.subscription).toMatchObject({ planId: free.id, evaluationLimit: 1 });
    const twice = await t.request("/api/subscriptions/free", {
      cookie: student.cookie,
      body: { planId: free.id },
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toBe("This is already your current plan.");
  });

  it("shows a subscription past its end date as expired", async () => {
    const student = await t.createUser("student");
    await t.db.insert(userSubscriptions).values({
      userId: student.id,
      status: "active",
      startDate: new Date(Date.now() - 40 * 86_400_000),
      endDate: new Date(Date.now() - 86_400_000),
      planName: "Old Monthly",
    });
    const me = await (await t.request("/api/subscriptions/me", { cookie: student.cookie })).json();
    expect(me.subscription).toMatchObject({ status: "expired", planName: "Old Monthly" });
    const list = await (
      await t.request(`/api/admin/user-subscriptions?search=${encodeURIComponent(student.email)}`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(list.items[0]).toMatchObject({ status: "expired" });
  });
});

describe("admin user subscriptions", () => {
  it("searches by name or email (any case), pages, shows details and cancels", async () => {
    const student = await t.createUser("student");
    const [row] = await t.db
      .insert(userSubscriptions)
      .values({
        userId: student.id,
        status: "active",
        startDate: new Date(),
        endDate: new Date(Date.now() + 20 * 86_400_000),
        planName: "Pro Monthly",
        gatewayOrderId: `order_${student.id.slice(0, 8)}`,
      })
      .returning();
    if (!row) throw new Error("no row");
    const search = async (text: string) =>
      (
        await t.request(
          `/api/admin/user-subscriptions?search=${encodeURIComponent(text)}&pageSize=5`,
          {
            cookie: admin.cookie,
          },
        )
      ).json();
    const byEmail = await search(student.email.toUpperCase());
    expect(byEmail.items.map((i: { id: string }) => i.id)).toEqual([row.id]);
    expect(byEmail.items[0].profile.email).toBe(student.email);
    expect((await search("no-such-person")).total).toBe(0);

    const details = await (
      await t.request(`/api/admin/user-subscriptions/${row.id}`, { cookie: admin.cookie })
    ).json();
    expect(details).toMatchObject({ planName: "Pro Monthly", gatewayOrderId: row.gatewayOrderId });

    const cancelled = await t.request(`/api/admin/user-subscriptions/${row.id}/cancel`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(cancelled.status).toBe(200);
    const [after] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, row.id));
    expect(after?.status).toBe("cancelled");
    // It ended when it was cancelled, not on its old end date.
    expect(after?.endDate?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after?.endDate?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const mine = await (
      await t.request("/api/subscriptions/me", { cookie: student.cookie })
    ).json();
    expect(mine.subscription).toMatchObject({
      status: "cancelled",
      endDate: after?.endDate?.toISOString(),
    });

    const asStudent = await t.request(`/api/admin/user-subscriptions/${row.id}/cancel`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(asStudent.status).toBe(403);
  });

  it("counts active subscribers and this month's revenue in the overview", async () => {
    const overview = await (
      await t.request("/api/admin/overview", { cookie: admin.cookie })
    ).json();
    expect(overview.activeSubscribers).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(overview.revenueThisMonth)).toBe(true);
  });
});
