import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles.ts";
import { createTestContext, type TestContext } from "../../test/test-app.ts";
import { createAdmin } from "./create-admin.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

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

  it("promotes an existing student and leaves the password alone", async () => {
    await t.signUp({ email: "rising@example.com" });
    const result = await createAdmin(t.db, {
      email: "rising@example.com",
      password: "ignored-pass",
    });
    expect(result.outcome).toBe("promoted");
    const cookie = await t.signIn("rising@example.com", "secret123");
    const me = await (await t.request("/api/account/me", { cookie })).json();
    expect(me.profile.role).toBe("admin");
  });

  it("rejects a short password", async () => {
    await expect(createAdmin(t.db, { email: "a@example.com", password: "123" })).rejects.toThrow(
      /at least 6 characters/,
    );
  });
});
