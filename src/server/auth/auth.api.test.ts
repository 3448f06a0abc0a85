import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import { cookieFrom, setupTestApp } from "../test/test-app.ts";

const { t } = setupTestApp();

async function profileByEmail(email: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.email, email));
  return row;
}

describe("sign-up", () => {
  it("creates the user and a student profile with the sign-up details", async () => {
    const response = await t.request("/api/auth/sign-up/email", {
      body: {
        name: "Asha Rao",
        email: "asha@example.com",
        password: "Tq7-violet-harbor-92",
        metadata: {
          full_name: "Asha Rao",
          mobile_number: " 9876543210 ",
          address: "12 MG Road, Pune",
          date_of_birth: "2001-04-05",
        },
      },
    });
    expect(response.status).toBe(200);
    const profile = await profileByEmail("asha@example.com");
    expect(profile).toMatchObject({
      fullName: "Asha Rao",
      role: "student",
      mobileNumber: "9876543210",
      address: "12 MG Road, Pune",
      dateOfBirth: "2001-04-05",
    });
  });

  it("stores an empty date of birth as null and mails a verification link", async () => {
    const response = await t.signUp({ email: "no-dob@example.com" });
    expect(response.status).toBe(200);
    expect((await profileByEmail("no-dob@example.com"))?.dateOfBirth).toBeNull();
    const mail = t.mail.find((m) => m.to === "no-dob@example.com");
    expect(mail?.subject).toMatch(/verify your email/i);
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it("never lets the client choose the role", async () => {
    const response = await t.signUp({ email: "sneaky@example.com", role: "admin" });
    expect(response.status).toBe(400);
    expect(await profileByEmail("sneaky@example.com")).toBeUndefined();

    const viaMetadata = await t.request("/api/auth/sign-up/email", {
      body: {
        name: "Sneaky",
        email: "sneaky2@example.com",
        password: "Tq7-violet-harbor-92",
        metadata: { full_name: "Sneaky", role: "admin" },
      },
    });
    expect(viaMetadata.status).toBe(400);
    expect(await profileByEmail("sneaky2@example.com")).toBeUndefined();
  });

  it.each([
    ["image", "data:image/png;base64,".padEnd(30_000, "A")],
    ["emailVerified", true],
    ["callbackURL", "https://evil.example/"],
  ])("refuses the unknown field %s and stores nothing", async (field, value) => {
    const email = `extra-${field.toLowerCase()}@example.com`;
    const response = await t.signUp({ email, [field]: value });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "VALIDATION_FAILED", message: `Unrecognized key: "${field}"` },
    });
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect(t.mail.filter((m) => m.to === email)).toEqual([]);
  });

  it("refuses a short password with the spec's message and creates nothing", async () => {
    const response = await t.signUp({ email: "short@example.com", password: "12345" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.message).toBe("Password must be at least 6 characters long.");
    const rows = await t.db.select().from(user).where(eq(user.email, "short@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("requires a full name", async () => {
    const response = await t.signUp({ email: "noname@example.com", fullName: " " });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Full name is required.");
  });

  it("answers a taken email with USER_ALREADY_EXISTS", async () => {
    await t.signUp({ email: "taken@example.com" });
    const again = await t.signUp({ email: "TAKEN@example.com" });
    expect(again.status).toBe(422);
    expect((await again.json()).error.code).toBe("USER_ALREADY_EXISTS");
  });
});

describe("sign-in and sign-out", () => {
  it("rejects a wrong password with INVALID_EMAIL_OR_PASSWORD", async () => {
    await t.signUp({ email: "login@example.com" });
    const response = await t.request("/api/auth/sign-in/email", {
      body: { email: "login@example.com", password: "wrong-password" },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  it("sets a session cookie that identifies the user and role", async () => {
    const cookie = await t.signIn("login@example.com");
    expect(cookie).toMatch(/session_token=/);
    const me = await t.request("/api/account/me", { cookie });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.user.email).toBe("login@example.com");
    expect(body.profile.role).toBe("student");
  });

  it("hashes passwords with argon2id", async () => {
    const rows = await t.db.query.account.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("ends the session on the server at sign-out", async () => {
    const cookie = await t.signIn("login@example.com");
    const out = await t.request("/api/auth/sign-out", { body: {}, cookie });
    expect(out.status).toBe(200);
    // Nobody is signed in: 200 with null (a visitor's question, not an error).
    const me = await t.request("/api/account/me", { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toBeNull();
    expect((await t.request("/api/results", { cookie })).status).toBe(401);
  });

  it("treats a forged session cookie as signed out", async () => {
    const me = await t.request("/api/account/me", {
      cookie: "better-auth.session_token=forged.value",
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toBeNull();
  });
});

describe("role guard", () => {
  it("lets an admin in, keeps a student out (403) and a visitor out (401)", async () => {
    const admin = await t.createUser("admin");
    const student = await t.createUser("student");
    expect((await t.request("/api/admin/overview", { cookie: admin.cookie })).status).toBe(200);
    const forbidden = await t.request("/api/admin/overview", { cookie: student.cookie });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe("FORBIDDEN");
    expect((await t.request("/api/admin/overview")).status).toBe(401);
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password and revokes old sessions", async () => {
    await t.signUp({ email: "forgetful@example.com" });
    const oldCookie = await t.signIn("forgetful@example.com");
    const asked = await t.request("/api/auth/request-password-reset", {
      body: { email: "forgetful@example.com", redirectTo: "/reset-password" },
    });
    expect(asked.status).toBe(200);
    const mail = t.mail.findLast((m) => m.to === "forgetful@example.com");
    const link = mail?.text.match(/http:\/\/localhost:3000\S+/)?.[0];
    expect(link).toBeDefined();

    const followed = await t.request(
      new URL(link as string).pathname + new URL(link as string).search,
    );
    expect(followed.status).toBe(302);
    const target = new URL(followed.headers.get("location") ?? "", "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await t.request("/api/auth/reset-password", {
      body: { token, newPassword: "brand-new-pass" },
    });
    expect(reset.status).toBe(200);
    await expect(t.signIn("forgetful@example.com")).rejects.toThrow(/401/);
    expect(await t.signIn("forgetful@example.com", "brand-new-pass")).toMatch(/session_token/);
    expect(await (await t.request("/api/account/me", { cookie: oldCookie })).json()).toBeNull();
  });

  it("does not reveal whether an email has an account", async () => {
    const asked = await t.request("/api/auth/request-password-reset", {
      body: { email: "nobody@example.com", redirectTo: "/reset-password" },
    });
    expect(asked.status).toBe(200);
    expect(t.mail.some((m) => m.to === "nobody@example.com")).toBe(false);
  });
});

describe("server basics", () => {
  it("reports health with the database check", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true } });
  });

  it("sends security headers and the error shape for unknown API routes", async () => {
    const response = await t.request("/api/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found." } });
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("creates the default site settings row", async () => {
    const response = await t.request("/api/settings/public");
    expect(await response.json()).toEqual({
      appTitle: "My Exam App",
      businessName: "",
      postalAddress: "",
      contactEmail: "contact@example.com",
      maintenanceMode: false,
      examName: "UPSC IAS",
      examDate: "2025-05-25",
      logoUrl: null,
    });
  });
});

describe("cookie helper", () => {
  it("reads only name=value pairs", () => {
    const response = new Response(null, { headers: [["set-cookie", "a=1; Path=/; HttpOnly"]] });
    expect(cookieFrom(response)).toBe("a=1");
  });
});
