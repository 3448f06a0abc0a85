import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { twoFactor, user } from "../db/schema/auth.ts";
import { authFailures } from "../db/schema/auth-throttle.ts";
import { cookieFrom, createTestContext, type TestContext } from "../test/test-app.ts";
import { secretOf, totpCode } from "../test/totp.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const NOW = new Date("2026-11-23T10:00:00Z");

async function me(cookie: string) {
  const response = await t.request("/api/account/me", { cookie });
  // null: nobody is signed in with this cookie.
  return response.status === 200 ? ((await response.json())?.user ?? null) : response.status;
}

/** An admin who has scanned the secret and confirmed it with a first code. */
async function adminWithTwoFactor() {
  const admin = await t.createUser("admin");
  const enabled = await t.request("/api/auth/two-factor/enable", {
    cookie: admin.cookie,
    body: { password: admin.password },
  });
  expect(enabled.status).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/UPSC%20Prep:admin\d+/);
  expect(backupCodes).toHaveLength(10);
  // The format the sign-in's backup code field accepts (shared/auth.ts).
  for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
  const secret = secretOf(totpURI);
  // Not on yet: the secret must be confirmed with a code first.
  expect((await me(admin.cookie)).twoFactorEnabled).toBe(false);
  const verified = await t.request("/api/auth/two-factor/verify-totp", {
    cookie: admin.cookie,
    body: { code: totpCode(secret) },
  });
  expect(verified.status).toBe(200);
  const cookie = cookieFrom(verified);
  return { ...admin, secret, backupCodes, cookie, oldCookie: admin.cookie };
}

function signIn(email: string, password: string) {
  return t.request("/api/auth/sign-in/email", { body: { email, password } });
}

describe("two-factor sign-in with an authenticator app (decision 029)", () => {
  it("turns on after a first code, replaces the session, and shows in /api/account/me", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    expect((await me(admin.cookie)).twoFactorEnabled).toBe(true);
    // The session it replaced is refused at once (the viewer cache forgets it too).
    expect(await me(admin.oldCookie)).toBeNull();
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id));
    expect(row?.verified).toBe(true);
    expect(row?.secret).not.toContain(admin.secret); // stored encrypted
  });

  it("asks for the code after the password, and only a right code gives a session", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    const first = await signIn(admin.email, admin.password);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const pending = cookieFrom(first);
    expect(pending).toMatch(/two_factor=/);
    expect(await me(pending)).toBeNull();

    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: totpCode(admin.secret, NOW.getTime() + 10 * 60_000) },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toEqual({ code: "INVALID_CODE", message: "Invalid code" });
    expect(
      wrong.headers
        .getSetCookie()
        .some((c) => c.includes("session_token=") && !c.includes("session_token=;")),
    ).toBe(false);

    const right = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: totpCode(admin.secret) },
    });
    expect(right.status).toBe(200);
    const session = cookieFrom(right);
    expect((await me(session)).email).toBe(admin.email);
    // The challenge is used up: the same cookie cannot open a second session.
    const again = await t.request("/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: totpCode(admin.secret) },
    });
    expect(again.status).toBe(401);
  });

  it("a backup code shown at set-up finishes a sign-in once, and only once", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    const [code, other] = admin.backupCodes;
    if (!code || !other) throw new Error("no backup codes");

    const pending = cookieFrom(await signIn(admin.email, admin.password));
    const wrong = await t.request("/api/auth/two-factor/verify-backup-code", {
      cookie: pending,
      body: { code: "aaaaa-bbbbb" },
    });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.code).toBe("INVALID_BACKUP_CODE");
    const used = await t.request("/api/auth/two-factor/verify-backup-code", {
      cookie: pending,
      body: { code },
    });
    expect(used.status).toBe(200);
    expect((await me(cookieFrom(used))).email).toBe(admin.email);

    // The code is spent: a new sign-in cannot use it again, though the next code still works.
    const next = cookieFrom(await signIn(admin.email, admin.password));
    const again = await t.request("/api/auth/two-factor/verify-backup-code", {
      cookie: next,
      body: { code },
    });
    expect(again.status).toBe(401);
    expect((await again.json()).error.code).toBe("INVALID_BACKUP_CODE");
    const fresh = await t.request("/api/auth/two-factor/verify-backup-code", {
      cookie: next,
      body: { code: other },
    });
    expect(fresh.status).toBe(200);
    expect((await me(cookieFrom(fresh))).email).toBe(admin.email);
  });

  it("a wrong password cannot turn it on or off, and counts toward the account's lock", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    const off = await t.request("/api/auth/two-factor/disable", {
      cookie: admin.cookie,
      body: { password: "not-my-password" },
    });
    expect(off.status).toBe(400);
    const [failures] = await t.db
      .select()
      .from(authFailures)
      .where(eq(authFailures.key, `user:${admin.id}`));
    expect(failures?.failures).toBe(1);
    const [stored] = await t.db.select().from(user).where(eq(user.id, admin.id));
    expect(stored?.twoFactorEnabled).toBe(true);
  });

  it("turns off with the password; sign-in then gives a session straight away", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    const off = await t.request("/api/auth/two-factor/disable", {
      cookie: admin.cookie,
      body: { password: admin.password },
    });
    expect(off.status).toBe(200);
    expect((await me(cookieFrom(off))).twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.id))).toEqual([]);
    const direct = await signIn(admin.email, admin.password);
    expect(direct.status).toBe(200);
    expect((await me(cookieFrom(direct))).email).toBe(admin.email);
  });

  it("another user's session cannot read or change this admin's two-factor", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const admin = await adminWithTwoFactor();
    const student = await t.createUser("student");
    const off = await t.request("/api/auth/two-factor/disable", {
      cookie: student.cookie,
      body: { password: student.password },
    });
    // The student has none to turn off; the admin's stays on.
    expect(off.status).toBe(200);
    const [stored] = await t.db.select().from(user).where(eq(user.id, admin.id));
    expect(stored?.twoFactorEnabled).toBe(true);
    // The secret read is the caller's own, and the student has none.
    const uri = await t.request("/api/auth/two-factor/get-totp-uri", {
      cookie: cookieFrom(off),
      body: { password: student.password },
    });
    expect(uri.status).toBe(400);
    expect((await uri.json()).error.code).toBe("TOTP_NOT_ENABLED");
  });
});
