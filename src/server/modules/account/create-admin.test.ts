import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, session, twoFactor, user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { createAdmin } from "./create-admin.ts";

const { t } = setupTestApp();

describe("createAdmin", () => {
  it("creates a verified admin who can sign in", async () => {
    const result = await createAdmin(t.db, {
      email: "Chief@Example.com",
      password: "admin-pass-Tq7-92",
      name: "Site Admin",
    });
    expect(result.outcome).toBe("created");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, result.userId));
    expect(profile).toMatchObject({
      role: "admin",
      fullName: "Site Admin",
      email: "chief@example.com",
    });
    const cookie = await t.signIn("chief@example.com", "admin-pass-Tq7-92");
    expect((await t.request("/api/admin/overview", { cookie })).status).toBe(200);
  });

  it("refuses an existing account without --promote and changes nothing", async () => {
    await t.signUp({ email: "squatter@example.com", password: "squatter-pass" });
    const cookie = await t.signIn("squatter@example.com", "squatter-pass");
    const before = await snapshotAccount("squatter@example.com");
    await expect(
      createAdmin(t.db, { email: "Squatter@example.com", password: "operator-pass-Tq7" }),
    ).rejects.toThrow(/already exists.*--promote/);
    expect(await snapshotAccount("squatter@example.com")).toEqual(before);
    expect(before.role).toBe("student");
    // Their password and session still work, as a student.
    await t.signIn("squatter@example.com", "squatter-pass");
    const me = await (await t.request("/api/account/me", { cookie })).json();
    expect(me.profile.role).toBe("student");
  });

  it("with --promote sets the given password and signs the account out everywhere", async () => {
    await t.signUp({ email: "rising@example.com", password: "squatter-pass" });
    const oldCookie = await t.signIn("rising@example.com", "squatter-pass");
    const result = await createAdmin(t.db, {
      email: "rising@example.com",
      password: "operator-pass-Tq7",
      promote: true,
    });
    expect(result.outcome).toBe("promoted");
    expect(await (await t.request("/api/account/me", { cookie: oldCookie })).json()).toBeNull();
    const stale = await t.request("/api/auth/sign-in/email", {
      body: { email: "rising@example.com", password: "squatter-pass" },
    });
    expect(stale.status).toBe(401);
    const cookie = await t.signIn("rising@example.com", "operator-pass-Tq7");
    const me = await (await t.request("/api/account/me", { cookie })).json();
    expect(me.profile.role).toBe("admin");
    expect(me.user.emailVerified).toBe(true);
  });

  it("with --promote turns off two-factor sign-in, the way back for a lost authenticator", async () => {
    const created = await createAdmin(t.db, {
      email: "lost-phone@example.com",
      password: "admin-pass-Tq7-92",
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, created.userId));
    await t.db.insert(twoFactor).values({
      id: "tf-lost-phone",
      userId: created.userId,
      secret: "sealed",
      backupCodes: "sealed",
    });
    await createAdmin(t.db, {
      email: "lost-phone@example.com",
      password: "operator-pass-Tq7",
      promote: true,
    });
    const [row] = await t.db.select().from(user).where(eq(user.id, created.userId));
    expect(row?.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactor).where(eq(twoFactor.userId, created.userId))).toEqual(
      [],
    );
    const direct = await t.request("/api/auth/sign-in/email", {
      body: { email: "lost-phone@example.com", password: "operator-pass-Tq7" },
    });
    expect((await direct.json()).user.email).toBe("lost-phone@example.com");
  });

  it("rejects a password under 12 characters or on the common list, and stores nothing", async () => {
    for (const password of ["123", "Tq7-violet9"]) {
      await expect(createAdmin(t.db, { email: "short@example.com", password })).rejects.toThrow(
        "Admin passwords must be at least 12 characters long.",
      );
    }
    // "unbelievable" is 12 characters and on the list; case does not hide it.
    for (const password of ["unbelievable", "UnBelievable"]) {
      await expect(createAdmin(t.db, { email: "common@example.com", password })).rejects.toThrow(
        "This password is one of the 10,000 most common passwords, which attackers try first. Please choose a less common password.",
      );
    }
    const rows = await t.db.select().from(user).where(eq(user.email, "short@example.com"));
    expect(rows).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.email, "common@example.com"))).toEqual([]);
  });

  it("with --promote refuses a short password and leaves the account as it was", async () => {
    await t.signUp({ email: "hopeful@example.com", password: "squatter-pass" });
    const before = await snapshotAccount("hopeful@example.com");
    await expect(
      createAdmin(t.db, { email: "hopeful@example.com", password: "short-pass", promote: true }),
    ).rejects.toThrow("Admin passwords must be at least 12 characters long.");
    expect(await snapshotAccount("hopeful@example.com")).toEqual(before);
  });
});

async function snapshotAccount(email: string) {
  const [row] = await t.db
    .select({ id: user.id, verified: user.emailVerified, role: profiles.role })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  const passwords = await t.db
    .select({ password: account.password, updatedAt: account.updatedAt })
    .from(account)
    .where(eq(account.userId, row.id));
  const sessions = await t.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, row.id));
  return { ...row, passwords, sessions };
}
