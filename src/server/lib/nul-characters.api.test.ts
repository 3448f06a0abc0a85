import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CSV_REQUIRED_HEADERS } from "../../shared/question-csv.ts";
import { NUL_MESSAGE } from "../../shared/text.ts";
import { user } from "../db/schema/auth.ts";
import { examCategories, questions } from "../db/schema/exams.ts";
import { profiles } from "../db/schema/profiles.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { setupTestApp } from "../test/test-app.ts";

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
    const response = await t.request("/api/admin/questions/import", {
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
