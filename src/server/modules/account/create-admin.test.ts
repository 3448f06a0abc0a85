import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, session, user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { setupTestApp } from "../../test/test-app.ts";
import { createAdmin } from "./create-admin.ts";

const { t } = setupTestApp();

describe("createAdmin", () => {
  it("creates a verified admin who can sign in", async () => {
    const result = await createAdmin(t.db, {
      email: "Chief@Example.com",
      password: "admin-pass",
      name: "Site Admin",
    });
    expect(result.outcome).toBe("created");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, result.userId));
    expect(profile).toMatchObject({
      role: "admin",
      fullName: "Site Admin",
      email: "chief@example.com",
    });
    const cookie = await t.signIn("chief@example.com", "admin-pass");
    expect((await t.request("/api/admin/overview", { cookie })).status).toBe(200);
  });

  it("refuses an existing account without --promote and changes nothing", async () => {
    await t.signUp({ email: "squatter@example.com", password: "squatter-pass" });
    const cookie = await t.signIn("squatter@example.com", "squatter-pass");
    const before = await snapshotAccount("squatter@example.com");
    await expect(
      createAdmin(t.db, { email: "Squatter@example.com", password: "operator-pass" }),
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
      password: "operator-pass",
      promote: true,
    });
    expect(result.outcome).toBe("promoted");
    expect((await t.request("/api/account/me", { cookie: oldCookie })).status).toBe(401);
    const stale = await t.request("/api/auth/sign-in/email", {
      body: { email: "rising@example.com", password: "squatter-pass" },
    });
    expect(stale.status).toBe(401);
    const cookie = await t.signIn("rising@example.com", "operator-pass");
    const me = await (await t.request("/api/account/me", { cookie })).json();
    expect(me.profile.role).toBe("admin");
    expect(me.user.emailVerified).toBe(true);
  });

  it("rejects a short password", async () => {
    await expect(createAdmin(t.db, { email: "a@example.com", password: "123" })).rejects.toThrow(
      /at least 6 characters/,
    );
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
