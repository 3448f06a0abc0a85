import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authFailures } from "../db/schema/auth-throttle.ts";
import { createTestContext, type TestContext } from "../test/test-app.ts";

let t: TestContext | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await t?.close();
  t = undefined;
});

const LOCKED =
  /^Too many wrong passwords for this account\. Please wait (\d+ seconds|\d+ minutes?) and try again, or reset your password\.$/;

function signIn(ctx: TestContext, email: string, password: string, forwardedFor: string) {
  return ctx.request("/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": forwardedFor },
  });
}

describe("per-account sign-in throttling", () => {
  it("stops 40 wrong passwords from 5 addresses after 5, and says how long to wait", async () => {
    t = await createTestContext({ trustProxy: true, rateLimitMax: 10 });
    await t.signUp({ email: "target@example.com" });
    const statuses: number[] = [];
    let lastLocked: Response | undefined;
    for (let i = 0; i < 40; i += 1) {
      const response = await signIn(t, "target@example.com", `guess-${i}`, `203.0.113.${i % 5}`);
      statuses.push(response.status);
      if (response.status === 429) lastLocked = response;
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(lastLocked?.headers.get("retry-after")).toMatch(/^(29|30)$/);
    const body = await lastLocked?.json();
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.message).toMatch(LOCKED);
    expect(body.error.message).toMatch(/wait (29|30) seconds/);

    // The right password waits too, from a fresh address: the lock is on the account.
    const right = await signIn(t, "target@example.com", "secret123", "198.51.100.99");
    expect(right.status).toBe(429);
  }, 90_000);

  it("locks an unknown email the same way (no hint that the account exists)", async () => {
    t = await createTestContext();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await signIn(t, "Nobody@Example.com", "guess", `192.0.2.${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("lets the owner in after the wait, clears the count, and doubles the next lock", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    t = await createTestContext();
    await t.signUp({ email: "owner@example.com" });
    for (let i = 0; i < 5; i += 1) await signIn(t, "owner@example.com", "wrong-pass", "192.0.2.1");
    expect((await signIn(t, "owner@example.com", "secret123", "192.0.2.1")).status).toBe(429);

    vi.setSystemTime(new Date("2026-03-01T10:00:31Z"));
    // One more wrong password after the wait is the sixth failure: 60 s this time.
    expect((await signIn(t, "owner@example.com", "wrong-pass", "192.0.2.1")).status).toBe(401);
    const locked = await signIn(t, "owner@example.com", "secret123", "192.0.2.1");
    expect((await locked.json()).error.message).toMatch(/wait 1 minute /);

    vi.setSystemTime(new Date("2026-03-01T10:01:32Z"));
    expect((await signIn(t, "owner@example.com", "secret123", "192.0.2.1")).status).toBe(200);
    expect(
      await t.db.select().from(authFailures).where(eq(authFailures.key, "email:owner@example.com")),
    ).toEqual([]);
    // A fresh start: four typos in a row are fine again.
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(t, "owner@example.com", "typo-pass", "192.0.2.1")).status).toBe(401);
    }
    expect((await signIn(t, "owner@example.com", "secret123", "192.0.2.1")).status).toBe(200);
  });

  it("counts failures across server instances sharing the database", async () => {
    t = await createTestContext();
    const ctx = t;
    await ctx.signUp({ email: "shared@example.com" });
    const instances = [ctx.app, ctx.createInstance(), ctx.createInstance()];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await ctx.request("/api/auth/sign-in/email", {
        app: instances[i % 3],
        body: { email: "shared@example.com", password: "guess" },
        ip: `192.0.2.${i}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("per-account throttling of password confirmation", () => {
  it("limits /verify-password for the signed-in account", async () => {
    t = await createTestContext();
    const student = await t.createUser("student");
    const verify = (password: string) =>
      t!.request("/api/auth/verify-password", { cookie: student.cookie, body: { password } });
    expect((await verify("secret123")).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await verify(`guess-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await verify("secret123");
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toMatch(LOCKED);
  });
});
