import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { targetYearChoices } from "../../../shared/onboarding.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { cookieFrom, setupTestApp, TEST_PASSWORD } from "../../test/test-app.ts";

const { t, student, other, admin } = setupTestApp({
  users: { student: "student", other: "student", admin: "admin" },
});

const rowOf = async (userId: string) => {
  const [row] = await t.db
    .select({
      targetExam: profiles.targetExam,
      targetYear: profiles.targetYear,
      completedAt: profiles.onboardingCompletedAt,
      offeredAt: profiles.onboardingOfferedAt,
      dailyGoalHours: profiles.dailyGoalHours,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row;
};

const [thisYear = 0] = targetYearChoices();

describe("sign-up without email verification (the demo's setting)", () => {
  it("signs the new student in at once, and their onboarding is not finished", async () => {
    const response = await t.signUp({ email: "fresh@example.com", fullName: "Fresh Student" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toEqual(expect.any(String));
    const cookie = cookieFrom(response);
    expect(cookie).toMatch(/session_token=/);
    const me = await (await t.request("/api/account/me", { cookie })).json();
    expect(me.profile).toMatchObject({ fullName: "Fresh Student", role: "student" });
    const state = await t.request("/api/onboarding", { cookie });
    expect(await state.json()).toEqual({
      completed: false,
      targetExam: null,
      targetYear: null,
      dailyGoalHours: 2,
    });
  });
});

describe("onboarding", () => {
  it("saves the target exam, then finishes; only the caller's own row changes", async () => {
    const otherBefore = await rowOf(other.id);
    const saved = await t.request("/api/onboarding/target", {
      method: "PUT",
      cookie: student.cookie,
      body: { exam: "upsc_cse", year: thisYear + 1 },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      completed: false,
      targetExam: "upsc_cse",
      targetYear: thisYear + 1,
    });
    // The other steps use their own routes.
    const goal = await t.request("/api/home/study-goal", {
      method: "PUT",
      cookie: student.cookie,
      body: { hours: 4 },
    });
    expect(goal.status).toBe(200);
    const done = await t.request("/api/onboarding/complete", {
      method: "POST",
      cookie: student.cookie,
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      completed: true,
      targetExam: "upsc_cse",
      targetYear: thisYear + 1,
      dailyGoalHours: 4,
    });
    expect((await rowOf(student.id))?.completedAt).toBeInstanceOf(Date);
    expect(await rowOf(other.id)).toEqual(otherBefore);
  });

  it("refuses a bad target with 422 and changes nothing", async () => {
    const before = await rowOf(other.id);
    for (const body of [
      { exam: "upsc_cse", year: thisYear - 1 },
      { exam: "upsc_cse", year: thisYear + 6 },
      { exam: "upsc_cse", year: 2026.5 },
      { exam: "bank_po", year: thisYear },
      { exam: "upsc_cse" },
      {},
    ]) {
      const refused = await t.request("/api/onboarding/target", {
        method: "PUT",
        cookie: other.cookie,
        body,
      });
      expect(refused.status).toBe(422);
    }
    expect(await rowOf(other.id)).toEqual(before);
  });

  it("refuses to finish before the target exam is chosen, and changes nothing", async () => {
    const before = await rowOf(other.id);
    const refused = await t.request("/api/onboarding/complete", {
      method: "POST",
      cookie: other.cookie,
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.message).toBe("Choose your target exam and year first.");
    expect(await rowOf(other.id)).toEqual(before);
  });

  it("is for students: an admin gets 403 and a visitor 401, and nothing is written", async () => {
    const before = await rowOf(admin.id);
    const calls = [
      { path: "/api/onboarding", method: "GET" },
      { path: "/api/onboarding/target", method: "PUT", body: { exam: "other", year: thisYear } },
      { path: "/api/onboarding/skip", method: "POST" },
      { path: "/api/onboarding/complete", method: "POST" },
    ];
    for (const call of calls) {
      expect((await t.request(call.path, { ...call, cookie: admin.cookie })).status).toBe(403);
      expect((await t.request(call.path, call)).status).toBe(401);
    }
    expect((await t.request("/api/onboarding/offer", { method: "POST" })).status).toBe(401);
    expect(await rowOf(admin.id)).toEqual(before);
  });
});

describe("the offer at sign-in", () => {
  it("is made once to a student who has not finished, never to an admin", async () => {
    const { cookie } = await newStudent("offered@example.com");
    const offer = () => t.request("/api/onboarding/offer", { method: "POST", cookie });
    expect(await (await offer()).json()).toEqual({ offer: true });
    expect(await (await offer()).json()).toEqual({ offer: false });

    const adminOffer = await t.request("/api/onboarding/offer", {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(await adminOffer.json()).toEqual({ offer: false });
    expect((await rowOf(admin.id))?.offeredAt).toBeNull();
  });

  it("is not made after the student skipped or finished", async () => {
    const skipped = await newStudent("skipped@example.com");
    const skip = await t.request("/api/onboarding/skip", {
      method: "POST",
      cookie: skipped.cookie,
    });
    expect(skip.status).toBe(200);
    expect(await (await offerTo(skipped.cookie)).json()).toEqual({ offer: false });

    // A student who finished right after signing up (never offered at a sign-in).
    const finished = await newStudent("finished@example.com");
    await t.request("/api/onboarding/target", {
      method: "PUT",
      cookie: finished.cookie,
      body: { exam: "state_psc", year: thisYear },
    });
    await t.request("/api/onboarding/complete", { method: "POST", cookie: finished.cookie });
    expect(await (await offerTo(finished.cookie)).json()).toEqual({ offer: false });
    expect((await rowOf(finished.id))?.offeredAt).toBeNull();
  });
});

function offerTo(cookie: string) {
  return t.request("/api/onboarding/offer", { method: "POST", cookie });
}

async function newStudent(email: string) {
  const response = await t.signUp({ email });
  expect(response.status).toBe(200);
  const cookie = await t.signIn(email, TEST_PASSWORD);
  const me = await (await t.request("/api/account/me", { cookie })).json();
  return { id: me.user.id as string, cookie };
}
