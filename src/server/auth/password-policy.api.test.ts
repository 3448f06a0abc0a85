import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "../db/schema/auth.ts";
import { createTestContext, type TestContext } from "../test/test-app.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const TOO_COMMON =
  "This password is one of the 10,000 most common passwords, which attackers try first. Please choose a less common password.";
const ADMIN_TOO_SHORT = "Admin passwords must be at least 12 characters long.";

async function errorOf(response: Response) {
  return { status: response.status, error: (await response.json()).error };
}

async function passwordHashOf(userId: string) {
  const [row] = await t.db
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return row?.password;
}

/** Asks for a reset link for the email and returns the token it carries. */
async function resetTokenFor(email: string): Promise<string> {
  await t.request("/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
  });
  const link = t.mail.findLast((m) => m.to === email)?.text.match(/http:\/\/\S+/)?.[0] ?? "";
  const followed = await t.request(new URL(link).pathname + new URL(link).search);
  const location = new URL(followed.headers.get("location") ?? "", "http://x");
  return location.searchParams.get("token") ?? "";
}

describe("common passwords (decision 029)", () => {
  it("sign-up refuses the most common passwords in any case, and creates no account", async () => {
    for (const [i, password] of [
      "123456",
      "password",
      "Password",
      "QWERTY",
      "iloveyou",
    ].entries()) {
      const email = `common${i}@example.com`;
      const refused = await t.signUp({ email, password });
      expect(await errorOf(refused)).toEqual({
        status: 400,
        error: { code: "PASSWORD_NOT_ALLOWED", message: TOO_COMMON },
      });
      expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it("keeps the spec's 6-character minimum and its message for students", async () => {
    const short = await t.signUp({ email: "short@example.com", password: "Tq7-v" });
    expect((await errorOf(short)).error.message).toBe(
      "Password must be at least 6 characters long.",
    );
    expect((await t.signUp({ email: "six@example.com", password: "Tq7-vx" })).status).toBe(200);
  });

  it("a student's password change refuses a common password and keeps the old one", async () => {
    const student = await t.createUser("student");
    const before = await passwordHashOf(student.id);
    const refused = await t.request("/api/auth/change-password", {
      cookie: student.cookie,
      body: { currentPassword: student.password, newPassword: "football" },
    });
    expect(await errorOf(refused)).toEqual({
      status: 400,
      error: { code: "PASSWORD_NOT_ALLOWED", message: TOO_COMMON },
    });
    expect(await passwordHashOf(student.id)).toBe(before);
    const changed = await t.request("/api/auth/change-password", {
      cookie: student.cookie,
      body: { currentPassword: student.password, newPassword: "Tq7-violet" },
    });
    expect(changed.status).toBe(200);
  });

  it("a reset refuses a common password without using the token up", async () => {
    const student = await t.createUser("student");
    const before = await passwordHashOf(student.id);
    const token = await resetTokenFor(student.email);
    const refused = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "letmein" },
    });
    expect(await errorOf(refused)).toEqual({
      status: 400,
      error: { code: "PASSWORD_NOT_ALLOWED", message: TOO_COMMON },
    });
    expect(await passwordHashOf(student.id)).toBe(before);
    const reset = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "Tq7-violet" },
    });
    expect(reset.status).toBe(200);
    expect(await t.signIn(student.email, "Tq7-violet")).toContain("session_token");
  });
});

describe("admin passwords need 12 characters (decision 029)", () => {
  it("an admin's password change and reset refuse fewer than 12 characters", async () => {
    const admin = await t.createUser("admin");
    const before = await passwordHashOf(admin.id);
    const change = await t.request("/api/auth/change-password", {
      cookie: admin.cookie,
      body: { currentPassword: admin.password, newPassword: "Tq7-violet9" },
    });
    expect(await errorOf(change)).toEqual({
      status: 400,
      error: { code: "PASSWORD_NOT_ALLOWED", message: ADMIN_TOO_SHORT },
    });
    const token = await resetTokenFor(admin.email);
    const reset = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "Tq7-violet9" },
    });
    expect(await errorOf(reset)).toEqual({
      status: 400,
      error: { code: "PASSWORD_NOT_ALLOWED", message: ADMIN_TOO_SHORT },
    });
    const common = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "unbelievable" },
    });
    expect((await errorOf(common)).error.message).toBe(TOO_COMMON);
    expect(await passwordHashOf(admin.id)).toBe(before);
    const ok = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "Tq7-violet-harbor-92" },
    });
    expect(ok.status).toBe(200);
  });

  it("the CLI channel refuses a short admin password with the message", async () => {
    const internal = await createTestContext({ internalToken: "internal-test-token" });
    try {
      const response = await internal.request("/internal/create-admin", {
        headers: { "x-internal-token": "internal-test-token" },
        body: { email: "boss@example.com", password: "admin-pass1" },
      });
      expect(response.status).toBe(422);
      expect((await response.json()).error.message).toBe(ADMIN_TOO_SHORT);
      expect(
        await internal.db.select().from(user).where(eq(user.email, "boss@example.com")),
      ).toEqual([]);
    } finally {
      await internal.close();
    }
  });
});
