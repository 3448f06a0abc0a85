import { describe, expect, it } from "vitest";
import { setupTestApp } from "../test/test-app.ts";

const { t } = setupTestApp({ publicUrl: "https://exams.example.com" });

describe("secure session cookies (https public address)", () => {
  it("accepts only the __Secure- cookie, not the same value under the plain name", async () => {
    const student = await t.createUser("student");
    expect(student.cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(
      await (await t.request("/api/account/me", { cookie: student.cookie })).json(),
    ).toMatchObject({ user: { id: student.id } });

    const plain = student.cookie.replace("__Secure-better-auth.", "better-auth.");
    expect(await (await t.request("/api/account/me", { cookie: plain })).json()).toBeNull();
    expect((await t.request("/api/results", { cookie: plain })).status).toBe(401);
  });
});
