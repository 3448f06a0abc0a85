import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { user } from "../db/schema/auth.ts";
import { createTestContext, type TestContext } from "../test/test-app.ts";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

// Each wrong password costs an argon2 hash; on a busy 2-core machine a burst of them takes a
// while, so these tests get more than the default 30 s ceiling (they never wait on a timer).
const ARGON_BURST_TIMEOUT = 90_000;

describe("sign-in rate limit", () => {
  it(
    "answers a burst of wrong passwords with 429 and a clear message",
    async () => {
      t = await createTestContext({ rateLimitMax: 5 });
      await t.signUp({ email: "target@example.com" });
      // A different account each time, so only the per-address limit is in play.
      let n = 0;
      const attempt = (ip: string) => {
        n += 1;
        return t!.request("/api/auth/sign-in/email", {
          body: { email: `someone${n}@example.com`, password: "guess-guess" },
          ip,
        });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await attempt("203.0.113.7")).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);

      const limited = await attempt("203.0.113.7");
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await limited.json()).toEqual({
        error: {
          code: "RATE_LIMITED",
          message: `Too many attempts. Please wait ${retryAfter === 60 ? "1 minute" : `${retryAfter} seconds`} and try again.`,
        },
      });
      // Even the right password waits out the window from that address...
      const right = await t.request("/api/auth/sign-in/email", {
        body: { email: "target@example.com", password: "Tq7-violet-harbor-92" },
        ip: "203.0.113.7",
      });
      expect(right.status).toBe(429);
      // ...while another address is unaffected.
      expect((await attempt("198.51.100.2")).status).toBe(401);
    },
    ARGON_BURST_TIMEOUT,
  );

  it(
    "ignores a client-supplied client-ip header",
    async () => {
      t = await createTestContext({ rateLimitMax: 2 });
      const attempt = (spoof: string) =>
        t!.request("/api/auth/sign-in/email", {
          body: { email: "x@example.com", password: "guess-guess" },
          ip: "203.0.113.9",
          headers: { "x-client-ip": spoof, "x-forwarded-for": spoof },
        });
      await attempt("1.1.1.1");
      await attempt("2.2.2.2");
      expect((await attempt("3.3.3.3")).status).toBe(429);
    },
    ARGON_BURST_TIMEOUT,
  );
});

describe("sign-up and password reset limits", () => {
  it(
    "limits sign-ups per address, creating no account once limited",
    async () => {
      t = await createTestContext({ rateLimitMax: 3 });
      const ctx = t;
      const signUp = (i: number, ip: string) =>
        ctx.signUp({ email: `burst${i}@example.com` }, { ip });
      for (let i = 0; i < 3; i += 1) expect((await signUp(i, "203.0.113.20")).status).toBe(200);
      const limited = await signUp(3, "203.0.113.20");
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe("RATE_LIMITED");
      expect(await ctx.db.select().from(user).where(eq(user.email, "burst3@example.com"))).toEqual(
        [],
      );
      expect((await signUp(4, "198.51.100.20")).status).toBe(200);
    },
    ARGON_BURST_TIMEOUT,
  );

  it(
    "limits reset requests per address, sending no mail once limited",
    async () => {
      t = await createTestContext({ rateLimitMax: 2 });
      const ctx = t;
      await ctx.signUp({ email: "forgetful@example.com" });
      const mailsBefore = ctx.mail.length;
      const requestReset = (ip: string) =>
        ctx.request("/api/auth/request-password-reset", {
          body: { email: "forgetful@example.com", redirectTo: "/reset-password" },
          ip,
        });
      expect((await requestReset("203.0.113.30")).status).toBe(200);
      expect((await requestReset("203.0.113.30")).status).toBe(200);
      const limited = await requestReset("203.0.113.30");
      expect(limited.status).toBe(429);
      expect(ctx.mail.length - mailsBefore).toBe(2);

      const reset = await ctx.request("/api/auth/reset-password", {
        body: { newPassword: "new-secret-1", token: "not-a-token" },
        ip: "203.0.113.31",
      });
      expect(reset.status).toBe(400);
      for (let i = 0; i < 2; i += 1) {
        await ctx.request("/api/auth/reset-password", {
          body: { newPassword: "new-secret-1", token: "not-a-token" },
          ip: "203.0.113.31",
        });
      }
      const resetLimited = await ctx.request("/api/auth/reset-password", {
        body: { newPassword: "new-secret-1", token: "not-a-token" },
        ip: "203.0.113.31",
      });
      expect(resetLimited.status).toBe(429);
    },
    ARGON_BURST_TIMEOUT,
  );
});

describe("REQUIRE_EMAIL_VERIFICATION", () => {
  it("blocks login until the emailed link is followed", async () => {
    t = await createTestContext({ requireEmailVerification: true });
    await t.signUp({ email: "verify-me@example.com" });
    const blocked = await t.request("/api/auth/sign-in/email", {
      body: { email: "verify-me@example.com", password: "Tq7-violet-harbor-92" },
    });
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe("EMAIL_NOT_VERIFIED");

    const mail = t.mail.find((m) => m.to === "verify-me@example.com");
    const link = new URL(mail?.text.match(/http:\/\/localhost:3000\S+/)?.[0] ?? "");
    const verified = await t.request(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/login?verified=1");
    expect(await t.signIn("verify-me@example.com")).toMatch(/session_token/);
  });
});
