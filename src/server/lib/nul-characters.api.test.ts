import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_REQUIRED_HEADERS } from "../../shared/question-csv.ts";
import { NUL_MESSAGE } from "../../shared/text.ts";
import { user } from "../db/schema/auth.ts";
import { examCategories, questions } from "../db/schema/exams.ts";
import { profiles } from "../db/schema/profiles.ts";
import { paymentTransactions, subscriptionPlans } from "../db/schema/subscriptions.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { setupTestApp } from "../test/test-app.ts";
import { postCsvImport } from "../test/upload.ts";

const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });

const NUL = "\u0000";

async function expectRefused(response: Response, message = NUL_MESSAGE) {
  expect(response.status).toBe(422);
  expect((await response.json()).error).toMatchObject({ code: "VALIDATION_FAILED", message });
}

// PostgreSQL cannot store U+0000 in text; these used to be 500s that logged the SQL.
describe("a NUL character in text input", () => {
  it.each([
    ["student exam search", "/api/exams?search="],
    ["admin exam search", "/api/admin/exams?search="],
    ["admin category search", "/api/admin/categories?search="],
    ["admin question search", "/api/admin/questions?search="],
    ["admin results search", "/api/admin/results?search="],
  ])("in the %s: 422", async (_name, url) => {
    const cookie = url.startsWith("/api/admin") ? admin.cookie : student.cookie;
    await expectRefused(await t.request(`${url}ab%00cd`, { cookie }));
  });

  it("in the profile: 422 and the profile unchanged", async () => {
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, student.id));
    const response = await t.request("/api/profile", {
      method: "PUT",
      cookie: student.cookie,
      body: { fullName: `Asha${NUL}`, address: "Pune" },
    });
    await expectRefused(response);
    const [after] = await t.db.select().from(profiles).where(eq(profiles.id, student.id));
    expect(after).toEqual(before);
  });

  it("in a category: 422 and nothing stored", async () => {
    const response = await t.request("/api/admin/categories", {
      cookie: admin.cookie,
      body: { name: `Polity${NUL}`, description: "x" },
    });
    await expectRefused(response);
    const rows = await t.db
      .select()
      .from(examCategories)
      .where(eq(examCategories.description, "x"));
    expect(rows).toEqual([]);
  });

  it("in a CSV import: 422 with the CSV's own message and no question", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const csv = `${CSV_REQUIRED_HEADERS.join(",")}\nBroken ${NUL} question,1,2,3,4,A,`;
    const response = await postCsvImport(t, {
      cookie: admin.cookie,
      body: { examId: exam.id, csv },
    });
    await expectRefused(
      response,
      "The CSV file contains a null character (U+0000). Remove it and upload the file again.",
    );
    expect(await t.db.select().from(questions).where(eq(questions.examId, exam.id))).toEqual([]);
  });

  it("in news and site settings: 422", async () => {
    await expectRefused(
      await t.request("/api/news", {
        cookie: admin.cookie,
        body: { title: `News${NUL}`, content: "<p>x</p>", publishedDate: "2026-01-01" },
      }),
    );
    const settings = await (await t.request("/api/settings", { cookie: admin.cookie })).json();
    const put = await t.request("/api/settings", {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...settings, appTitle: `Title${NUL}` },
    });
    await expectRefused(put);
  });

  it("in sign-up: refused and no account", async () => {
    const response = await t.signUp({ email: "nul@example.com", fullName: `Nul${NUL}` });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(NUL_MESSAGE);
    expect(await t.db.select().from(user).where(eq(user.email, "nul@example.com"))).toEqual([]);
  });
});

describe("a NUL character in plans, payments and the subscribers search", () => {
  const plan = {
    name: "Pro Monthly",
    description: "All exams",
    price: 299,
    currency: "INR",
    durationDays: 30,
    examLimit: null,
    attemptLimitPerExam: null,
    features: ["Every exam"],
    isActive: true,
  };

  it.each([
    ["name", { name: `Pro${NUL}` }],
    ["description", { description: `All${NUL}` }],
    ["features", { features: [`Every${NUL}exam`] }],
  ])("in a plan's %s: 422 and no plan", async (_field, change) => {
    const before = await t.db.select().from(subscriptionPlans);
    const response = await t.request("/api/admin/subscription-plans", {
      cookie: admin.cookie,
      body: { ...plan, ...change },
    });
    await expectRefused(response);
    expect(await t.db.select().from(subscriptionPlans)).toEqual(before);
  });

  it.each([
    ["verify", "razorpay_order_id", { razorpay_payment_id: "pay_1", razorpay_signature: "s" }],
    ["verify", "razorpay_payment_id", { razorpay_order_id: "order_1", razorpay_signature: "s" }],
    [
      "verify",
      "razorpay_signature",
      { razorpay_order_id: "order_1", razorpay_payment_id: "pay_1" },
    ],
    ["failure", "razorpay_order_id", { reason: "Declined" }],
    ["failure", "reason", { razorpay_order_id: "order_1" }],
  ])("in Checkout's %s (%s): 422", async (route, field, rest) => {
    const before = await t.db.select().from(paymentTransactions);
    const response = await t.request(`/api/payments/razorpay/${route}`, {
      cookie: student.cookie,
      body: { ...rest, [field]: `x${NUL}y` },
    });
    await expectRefused(response);
    expect(await t.db.select().from(paymentTransactions)).toEqual(before);
  });

  it("in the subscribers search: 422", async () => {
    await expectRefused(
      await t.request("/api/admin/user-subscriptions?search=ab%00cd", { cookie: admin.cookie }),
    );
  });
});

// Every route of the app with a NUL in each path parameter and the query, and each string field
// of an otherwise valid body in turn: whatever each answers, it is never a server error.
describe("every route probed with NUL", () => {
  it("answers 4xx, never 5xx", async () => {
    const { exam } = await createExamFixture(t.db, { questionCount: 0 });
    const valid = { ...VALID_BODY, examId: exam.id, categoryId: exam.categoryId };
    const routes = new Map<string, { method: string; path: string }>();
    for (const route of t.app.routes) {
      if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
      if (route.path.startsWith("/api/auth")) continue;
      routes.set(`${route.method} ${route.path}`, route);
    }
    expect(routes.size).toBeGreaterThan(40);
    const failures: string[] = [];
    const probe = async (method: string, url: string, body?: unknown, field = "") => {
      const cookie = url.startsWith("/api/admin") ? admin.cookie : student.cookie;
      const response = await t.request(url, { method, cookie, body });
      if (response.status >= 500) failures.push(`${method} ${url} ${field}: ${response.status}`);
    };
    for (const { method, path } of routes.values()) {
      await probe(
        method,
        `${path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, "a%00b")}?search=a%00b&q=a%00b`,
      );
      if (method === "GET" || path.includes(":")) continue;
      for (const [key, value] of Object.entries(valid)) {
        const nul = Array.isArray(value) ? ["a\u0000b"] : "a\u0000b";
        if (typeof value === "string" || Array.isArray(value)) {
          await probe(method, path, { ...valid, [key]: nul }, key);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Values every shared contract accepts for its fields (objects ignore the keys they lack). */
const VALID_BODY = {
  name: "Probe plan",
  description: "A plan",
  price: 10,
  currency: "INR",
  durationDays: 30,
  examLimit: null,
  attemptLimitPerExam: null,
  features: ["Feature"],
  isActive: true,
  title: "Probe",
  content: "<p>Probe</p>",
  excerpt: "Probe",
  publishedDate: "2026-01-01",
  publishedOn: "2026-01-01",
  fullName: "Probe Student",
  address: "Pune",
  questionText: "Which?",
  options: { A: "1", B: "2", C: "3", D: "4" },
  correctAnswer: "A",
  explanation: "Because.",
  csv: "question_text,option_a,option_b,option_c,option_d,correct_answer,explanation\nQ?,1,2,3,4,A,Why",
  keyId: "rzp_test_Probe123",
  keySecret: "probe-secret-123",
  webhookSecret: "probe-secret-456",
  appTitle: "Probe",
  contactEmail: "probe@example.com",
  examName: "UPSC",
  razorpay_order_id: "order_Probe",
  razorpay_payment_id: "pay_Probe",
  razorpay_signature: "0".repeat(64),
  reason: "Declined",
  language: "en",
  durationMinutes: 10,
  difficulty: "Medium",
  isFree: true,
};
