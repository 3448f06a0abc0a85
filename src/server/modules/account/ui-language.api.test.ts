import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "../../db/schema/profiles.ts";
import { setupTestApp } from "../../test/test-app.ts";

const { t, student, other } = setupTestApp({ users: { student: "student", other: "student" } });

const languagesOf = async (userId: string) => {
  const [row] = await t.db
    .select({ ui: profiles.uiLanguage, question: profiles.questionLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
};

describe("the interface language (decision 039)", () => {
  it("is not chosen at first, then remembered, and the questions follow it", async () => {
    const api = t.client(student);
    const before = await (await api.account.me.$get()).json();
    expect(before?.profile?.uiLanguage).toBeNull();

    const saved = await api.account.language.$put({ json: { language: "hi" } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ uiLanguage: "hi", questionLanguage: "hi" });
    const me = await (await api.account.me.$get()).json();
    expect(me?.profile).toMatchObject({ uiLanguage: "hi", questionLanguage: "hi" });
    // Only the caller's own row changed.
    expect(await languagesOf(other.id)).toEqual({ ui: null, question: "en" });
  });

  it("refuses a language the interface does not have, and changes nothing", async () => {
    const before = await languagesOf(student.id);
    // @ts-expect-error: the typed client refuses a language the schema does not have.
    const typed = await t.client(student).account.language.$put({ json: { language: "fr" } });
    expect(typed.status).toBe(422);
    // Bodies the types refuse outright go through the untyped request().
    for (const body of [{ language: "" }, {}, { language: ["hi"] }]) {
      const refused = await t.request("/api/account/language", {
        method: "PUT",
        cookie: student.cookie,
        body,
      });
      expect(refused.status).toBe(422);
    }
    expect(await languagesOf(student.id)).toEqual(before);
  });

  it("needs a session", async () => {
    const refused = await t.client().account.language.$put({ json: { language: "hi" } });
    expect(refused.status).toBe(401);
  });
});
