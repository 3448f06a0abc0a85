import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { faqs, legalPages } from "../../db/schema/support.ts";
import { demoId } from "../../seed/demo.ts";
import { seedDemoLegal } from "../../seed/demo-legal.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const faq = (overrides: Record<string, unknown> = {}) => ({
  question: "Can I change my plan?",
  answer: "Yes: buy the new plan; the old one ends at once.",
  sortOrder: 5,
  isPublished: true,
  ...overrides,
});

async function json(path: string, init: Parameters<typeof t.request>[1] = {}) {
  const response = await t.request(path, init);
  return { status: response.status, body: await response.json() };
}

describe("legal pages", () => {
  it("are not found until written, then public; the demo's text is marked for the admin only", async () => {
    expect((await json("/api/legal/pages/terms")).status).toBe(404);
    await seedDemoLegal(t.db, demoId);
    const page = await json("/api/legal/pages/terms");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ slug: "terms", title: "Terms of Service" });
    expect(page.body).not.toHaveProperty("needsReview");

    const list = await json("/api/admin/legal/pages", { cookie: admin.cookie });
    expect(list.body.items.map((p: { slug: string }) => p.slug)).toEqual([
      "terms",
      "refund",
      "privacy",
      "about",
      "contact",
    ]);
    expect(list.body.items[0]).toMatchObject({
      isWritten: true,
      needsReview: true,
      path: "/terms",
    });
  });

  it("lets an admin write a page, sanitised like news, which clears the demo mark", async () => {
    await seedDemoLegal(t.db, demoId);
    const saved = await json("/api/admin/legal/pages/refund", {
      method: "PUT",
      cookie: admin.cookie,
      body: {
        title: "Refund Policy",
        content: '<p onclick="x()">Full refund in 7 days.</p><script>alert(1)</script>',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.content).toBe("<p>Full refund in 7 days.</p>");
    const [row] = await t.db.select().from(legalPages).where(eq(legalPages.slug, "refund"));
    expect(row).toMatchObject({ title: "Refund Policy", needsReview: false });
    expect((await json("/api/legal/pages/refund")).body.title).toBe("Refund Policy");
  });

  it("refuses students, visitors, unknown pages and empty text, changing nothing", async () => {
    await seedDemoLegal(t.db, demoId);
    const before = await t.db.select().from(legalPages).where(eq(legalPages.slug, "privacy"));
    const body = { title: "Hacked", content: "<p>Hacked</p>" };
    const put = (cookie?: string, slug = "privacy", b: unknown = body) =>
      t.request(`/api/admin/legal/pages/${slug}`, { method: "PUT", cookie, body: b });
    expect((await put(student.cookie)).status).toBe(403);
    expect((await put()).status).toBe(401);
    expect((await put(admin.cookie, "cookies")).status).toBe(404);
    const empty = await put(admin.cookie, "privacy", { title: "Privacy", content: "<p> </p>" });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.message).toBe("Write the page's text.");
    const scriptOnly = await put(admin.cookie, "privacy", {
      title: "Privacy",
      content: "<script>alert(1)</script>",
    });
    expect(scriptOnly.status).toBe(422);
    expect((await put(admin.cookie, "privacy", { title: " ", content: "<p>x</p>" })).status).toBe(
      422,
    );
    expect(await t.db.select().from(legalPages).where(eq(legalPages.slug, "privacy"))).toEqual(
      before,
    );
    expect((await json("/api/admin/legal/pages", { cookie: student.cookie })).status).toBe(403);
  });
});

describe("FAQs", () => {
  it("are managed by admins and shown in order when published", async () => {
    const created = await json("/api/admin/legal/faqs", {
      cookie: admin.cookie,
      body: faq({ question: "Second?", sortOrder: 20 }),
    });
    expect(created.status).toBe(201);
    await json("/api/admin/legal/faqs", {
      cookie: admin.cookie,
      body: faq({ question: "First?", sortOrder: 1 }),
    });
    await json("/api/admin/legal/faqs", {
      cookie: admin.cookie,
      body: faq({ question: "Hidden?", isPublished: false }),
    });
    const publicList = await json("/api/legal/faqs");
    const questions = publicList.body.map((f: { question: string }) => f.question);
    expect(questions.indexOf("First?")).toBeLessThan(questions.indexOf("Second?"));
    expect(questions).not.toContain("Hidden?");

    const updated = await json(`/api/admin/legal/faqs/${created.body.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: faq({ question: "Second?", isPublished: false, sortOrder: 20 }),
    });
    expect(updated.status).toBe(200);
    expect(
      (await json("/api/legal/faqs")).body.map((f: { question: string }) => f.question),
    ).not.toContain("Second?");
    const searched = await json("/api/admin/legal/faqs?search=Hidden", { cookie: admin.cookie });
    expect(searched.body.items.map((f: { question: string }) => f.question)).toEqual(["Hidden?"]);
    const removed = await t.request(`/api/admin/legal/faqs/${created.body.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await t.db.select().from(faqs).where(eq(faqs.id, created.body.id))).toEqual([]);
  });

  it("refuses bad input and non-admins, changing nothing", async () => {
    const created = await json("/api/admin/legal/faqs", { cookie: admin.cookie, body: faq() });
    const id = created.body.id as string;
    const [before] = await t.db.select().from(faqs).where(eq(faqs.id, id));
    const bad = [
      [faq({ question: "" }), "Question is required."],
      [faq({ answer: "  " }), "Answer is required."],
      [faq({ sortOrder: -1 }), "Order must be 0 or more."],
      [faq({ sortOrder: 1.5 }), "Order must be a whole number."],
    ] as const;
    for (const [body, message] of bad) {
      const response = await json(`/api/admin/legal/faqs/${id}`, {
        method: "PUT",
        cookie: admin.cookie,
        body,
      });
      expect(response.status).toBe(422);
      expect(response.body.error.message).toBe(message);
    }
    const asStudent = [
      t.request("/api/admin/legal/faqs", { cookie: student.cookie, body: faq() }),
      t.request(`/api/admin/legal/faqs/${id}`, {
        method: "PUT",
        cookie: student.cookie,
        body: faq({ question: "Hacked?" }),
      }),
      t.request(`/api/admin/legal/faqs/${id}`, { method: "DELETE", cookie: student.cookie }),
      t.request("/api/admin/legal/faqs", { cookie: student.cookie }),
    ];
    for (const response of await Promise.all(asStudent)) expect(response.status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await t.request(`/api/admin/legal/faqs/${missing}`, {
          method: "PUT",
          cookie: admin.cookie,
          body: faq(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request("/api/admin/legal/faqs/not-a-uuid", {
          method: "DELETE",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect(await t.db.select().from(faqs).where(eq(faqs.id, id))).toEqual([before]);
  });
});
