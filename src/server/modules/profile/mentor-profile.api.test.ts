import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { questionSets } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { subscriptionPlans } from "../../db/schema/subscriptions.ts";
import { createMentor, setupTestApp } from "../../test/test-app.ts";
import { makeImage, uploadFile } from "../../test/upload.ts";

// Decision 042: a mentor keeps their own profile and account settings (requireAuth routes), and
// the server refuses them the student's routes and the admin's, writing nothing.

const { t, mentor } = setupTestApp({ users: { mentor: "mentor" } });

const details = {
  fullName: "Meera Iyer",
  mobileNumber: "9812345670",
  address: "12 Park Street, Kolkata",
  dateOfBirth: "1988-03-02",
};

async function me(cookie: string) {
  const response = await t.request("/api/account/me", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()).profile;
}

async function profileRow(id: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

describe("a mentor's own profile", () => {
  it("the test helper makes a signed-in mentor", async () => {
    expect(await me(mentor.cookie)).toMatchObject({ id: mentor.id, role: "mentor" });
    const another = await createMentor(t);
    expect(another.id).not.toBe(mentor.id);
    expect((await profileRow(another.id))?.role).toBe("mentor");
  });

  it("reads and edits it, keeping the mentor role", async () => {
    const response = await t.request("/api/profile", {
      method: "PUT",
      body: details,
      cookie: mentor.cookie,
    });
    expect(response.status).toBe(200);
    expect((await response.json()).profile).toMatchObject({ ...details, role: "mentor" });
    expect(await me(mentor.cookie)).toMatchObject({ ...details, role: "mentor" });
    expect(await profileRow(mentor.id)).toMatchObject({ ...details, role: "mentor" });
  });

  it("uploads a photo and sets the interface language", async () => {
    const photo = await uploadFile(
      t,
      "/api/profile/photo",
      { bytes: await makeImage(), name: "me.png" },
      mentor.cookie,
    );
    expect(photo.status).toBe(200);
    expect((await photo.json()).profile.profilePhotoUrl).toMatch(
      new RegExp(`^/storage/profile_photos/${mentor.id}/`),
    );
    const language = await t.request("/api/account/language", {
      method: "PUT",
      body: { language: "hi" },
      cookie: mentor.cookie,
    });
    expect(language.status).toBe(200);
    expect((await me(mentor.cookie)).uiLanguage).toBe("hi");
  });

  it("cannot make itself an admin through the profile, and nothing changes", async () => {
    const before = await profileRow(mentor.id);
    const response = await t.request("/api/profile", {
      method: "PUT",
      body: { ...details, fullName: "Promoted", role: "admin" },
      cookie: mentor.cookie,
    });
    expect(response.status).toBe(422);
    expect(await profileRow(mentor.id)).toEqual(before);
  });
});

describe("what a mentor may not reach", () => {
  it("refuses the student's routes (403), building no practice test", async () => {
    const sets = () =>
      t.db.select({ n: count() }).from(questionSets).where(eq(questionSets.userId, mentor.id));
    const before = await sets();
    for (const [path, init] of [
      ["/api/practice", {}],
      ["/api/practice/options", {}],
      ["/api/subscriptions/me", {}],
      ["/api/practice", { body: { subjectIds: [], questionCount: 5 } }],
    ] as const) {
      const response = await t.request(path, { ...init, cookie: mentor.cookie });
      expect(`${path} ${response.status}`).toBe(`${path} 403`);
    }
    expect(await sets()).toEqual(before);
  });

  it("refuses the admin's routes (403), storing no plan", async () => {
    const before = await t.db.select().from(subscriptionPlans);
    const list = await t.request("/api/admin/subscription-plans", { cookie: mentor.cookie });
    expect(list.status).toBe(403);
    const created = await t.request("/api/admin/subscription-plans", {
      cookie: mentor.cookie,
      body: {
        name: "Mentor's plan",
        description: null,
        price: 0,
        currency: "INR",
        durationDays: 30,
        examLimit: -1,
        attemptLimitPerExam: -1,
        practiceLimit: -1,
        evaluationLimit: -1,
        features: [],
        isActive: true,
      },
    });
    expect(created.status).toBe(403);
    expect(await t.db.select().from(subscriptionPlans)).toEqual(before);
  });
});
