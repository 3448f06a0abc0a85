import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authFailures } from "../db/schema/auth-throttle.ts";
import { cookieFrom, createTestContext, type TestContext } from "../test/test-app.ts";

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
    const right = await signIn(t, "target@example.com", "Tq7-violet-harbor-92", "198.51.100.99");
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
    expect((await signIn(t, "owner@example.com", "Tq7-violet-harbor-92", "192.0.2.1")).status).toBe(
      429,
    );

    vi.setSystemTime(new Date("2026-03-01T10:00:31Z"));
    // One more wrong password after the wait is the sixth failure: 60 s this time.
    expect((await signIn(t, "owner@example.com", "wrong-pass", "192.0.2.1")).status).toBe(401);
    const locked = await signIn(t, "owner@example.com", "Tq7-violet-harbor-92", "192.0.2.1");
    expect((await locked.json()).error.message).toMatch(/wait 1 minute /);

    vi.setSystemTime(new Date("2026-03-01T10:01:32Z"));
    expect((await signIn(t, "owner@example.com", "Tq7-violet-harbor-92", "192.0.2.1")).status).toBe(
      200,
    );
    expect(
      await t.db.select().from(authFailures).where(eq(authFailures.key, "email:owner@example.com")),
    ).toEqual([]);
    // A fresh start: four typos in a row are fine again.
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(t, "owner@example.com", "typo-pass", "192.0.2.1")).status).toBe(401);
    }
    expect((await signIn(t, "owner@example.com", "Tq7-violet-harbor-92", "192.0.2.1")).status).toBe(
      200,
    );
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
    expect((await verify("Tq7-violet-harbor-92")).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await verify(`guess-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await verify("Tq7-violet-harbor-92");
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toMatch(LOCKED);
  });
});

/** A sign-in sent the way an HTML form (or a script imitating one) sends it. */
function signInWith(ctx: TestContext, contentType: string, body: string, ip = "192.0.2.7") {
  return ctx.request("/api/auth/sign-in/email", {
    headers: { "content-type": contentType },
    ip,
    rawBody: body,
  });
}

describe("one throttle for every body the auth routes accept (decision 029)", () => {
  const form = (email: string, password: string) =>
    new URLSearchParams({ email, password }).toString();

  it("refuses form-encoded, multipart and text sign-ins with 415, and counts none of them", async () => {
    t = await createTestContext();
    await t.signUp({ email: "formed@example.com" });
    const multipart = new FormData();
    multipart.set("email", "formed@example.com");
    multipart.set("password", "Tq7-violet-harbor-92");
    const encoded = new Response(multipart);
    const bodies: [string, string][] = [
      ["application/x-www-form-urlencoded", form("formed@example.com", "Tq7-violet-harbor-92")],
      ["application/x-www-form-urlencoded; charset=UTF-8", form("formed@example.com", "wrong")],
      [encoded.headers.get("content-type") ?? "", await encoded.text()],
      [
        "text/plain",
        JSON.stringify({ email: "formed@example.com", password: "Tq7-violet-harbor-92" }),
      ],
    ];
    for (const [contentType, body] of bodies) {
      const response = await signInWith(t, contentType, body);
      expect(response.status).toBe(415);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await response.json()).toEqual({
        error: {
          code: "UNSUPPORTED_MEDIA_TYPE",
          message:
            "Send this request as JSON (Content-Type: application/json); other body formats are not accepted.",
        },
      });
    }
    // Forty form-encoded guesses later, the owner's JSON sign-in is untouched and nothing counted.
    for (let i = 0; i < 40; i += 1) {
      await signInWith(t, "application/x-www-form-urlencoded", form("formed@example.com", `g${i}`));
    }
    expect(await t.db.select().from(authFailures)).toEqual([]);
    expect(
      (await signIn(t, "formed@example.com", "Tq7-violet-harbor-92", "192.0.2.8")).status,
    ).toBe(200);
  });

  it("a locked account lets in neither a JSON nor a form-encoded sign-in, and JSON failures count", async () => {
    t = await createTestContext();
    await t.signUp({ email: "locked@example.com" });
    const json = (password: string) =>
      signInWith(t!, "application/json", JSON.stringify({ email: "locked@example.com", password }));
    expect((await json("wrong-1")).status).toBe(401);
    expect((await json("wrong-2")).status).toBe(401);
    const [counted] = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, "email:locked@example.com"));
    expect(counted?.failures).toBe(2);
    for (let i = 3; i <= 5; i += 1) expect((await json(`wrong-${i}`)).status).toBe(401);

    const rightJson = await json("Tq7-violet-harbor-92");
    expect(rightJson.status).toBe(429);
    expect((await rightJson.json()).error.message).toMatch(LOCKED);
    const rightForm = await signInWith(
      t,
      "application/x-www-form-urlencoded",
      form("locked@example.com", "Tq7-violet-harbor-92"),
    );
    expect(rightForm.status).toBe(415);
    expect(rightForm.headers.getSetCookie()).toEqual([]);
    const [after] = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, "email:locked@example.com"));
    expect(after?.failures).toBe(5);
    expect(after?.lockedUntil).not.toBeNull();
  });

  it("accepts JSON with a charset and a bodiless sign-out", async () => {
    t = await createTestContext();
    await t.signUp({ email: "charset@example.com" });
    const response = await signInWith(
      t,
      "application/json; charset=utf-8",
      JSON.stringify({ email: "charset@example.com", password: "Tq7-violet-harbor-92" }),
    );
    expect(response.status).toBe(200);
    const out = await t.request("/api/auth/sign-out", {
      method: "POST",
      cookie: cookieFrom(response),
    });
    expect(out.status).toBe(200);
  });
});

describe("a password reset lifts the lock (decision 029)", () => {
  async function resetPassword(ctx: TestContext, email: string, newPassword: string) {
    await ctx.request("/api/auth/request-password-reset", {
      body: { email, redirectTo: "/reset-password" },
    });
    const link = ctx.mail.findLast((m) => m.to === email)?.text.match(/http:\/\/\S+/)?.[0] ?? "";
    const followed = await ctx.request(new URL(link).pathname + new URL(link).search);
    const token = new URL(followed.headers.get("location") ?? "", "http://x").searchParams.get(
      "token",
    );
    return ctx.request("/api/auth/reset-password", { body: { token, newPassword } });
  }

  it("the owner signs in right after resetting, although an attacker had locked the account", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-01T10:00:00Z") });
    t = await createTestContext();
    await t.signUp({ email: "besieged@example.com" });
    const owner = await t.signIn("besieged@example.com");
    // The attacker runs the lock up to its longest (15 minutes) from many addresses.
    for (let failure = 1; failure <= 10; failure += 1) {
      const guess = await signIn(
        t,
        "besieged@example.com",
        `guess-${failure}`,
        `203.0.113.${failure}`,
      );
      expect(guess.status).toBe(401);
      // Each guess waits out the lock the previous ones earned: 30 s, 60 s, ... 15 minutes.
      if (failure >= 5 && failure < 10) {
        vi.setSystemTime(new Date(Date.now() + (30 * 2 ** (failure - 5) + 1) * 1000));
      }
    }
    const locked = await signIn(t, "besieged@example.com", "Tq7-violet-harbor-92", "198.51.100.1");
    expect(locked.status).toBe(429);
    expect((await locked.json()).error.message).toMatch(/wait 15 minutes/);
    // Someone at the owner's signed-in session got the signed-in password checks locked too.
    for (let i = 0; i < 5; i += 1) {
      await t.request("/api/auth/verify-password", { cookie: owner, body: { password: "nope" } });
    }

    const reset = await resetPassword(t, "besieged@example.com", "Tq7-violet-harbor-92");
    expect(reset.status).toBe(200);
    expect(await t.db.select().from(authFailures)).toEqual([]);
    const back = await signIn(t, "besieged@example.com", "Tq7-violet-harbor-92", "198.51.100.1");
    expect(back.status).toBe(200);
    // The attacker starts again from nothing: four more guesses lock nothing.
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn(t, "besieged@example.com", `again-${i}`, "203.0.113.1")).status).toBe(
        401,
      );
    }
  }, 60_000);

  it("a refused reset (bad token) lifts nothing", async () => {
    t = await createTestContext();
    await t.signUp({ email: "still-locked@example.com" });
    for (let i = 0; i < 5; i += 1) await signIn(t, "still-locked@example.com", "g", "192.0.2.1");
    const before = await t.db.select().from(authFailures);
    const refused = await t.request("/api/auth/reset-password", {
      body: { token: "not-a-token", newPassword: "Tq7-violet-harbor-92" },
    });
    expect(refused.status).toBe(400);
    expect(await t.db.select().from(authFailures)).toEqual(before);
  });
});
