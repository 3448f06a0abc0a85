import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { targetYearChoices } from "../../../shared/onboarding.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  cookieFrom,
  errorOf,
  setupTestApp,
  TEST_PASSWORD,
  type TestClient,
} from "../../test/test-app.ts";

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
    const me = await (await t.client({ cookie }).account.me.$get()).json();
    expect(me?.profile).toMatchObject({ fullName: "Fresh Student", role: "student" });
    const state = await t.client({ cookie }).onboarding.$get();
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
    const api = t.client(student);
    const saved = await api.onboarding.target.$put({
      json: { exam: "upsc_cse", year: thisYear + 1 },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      completed: false,
      targetExam: "upsc_cse",
      targetYear: thisYear + 1,
    });
    // The other steps use their own routes.
    const goal = await api.home["study-goal"].$put({ json: { hours: 4 } });
    expect(goal.status).toBe(200);
    const done = await api.onboarding.complete.$post();
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
    // @ts-expect-error: the typed client refuses an exam the schema does not list.
    const typed = await t.client(other).onboarding.target.$put({ json: { exam: "bank_po" } });
    expect(typed.status).toBe(422);
    // Malformed bodies on purpose: through the untyped request().
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
    const refused = await t.client(other).onboarding.complete.$post();
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toBe("Choose your target exam and year first.");
    expect(await rowOf(other.id)).toEqual(before);
  });

  it("is for students: an admin gets 403 and a visitor 401, and nothing is written", async () => {
    const before = await rowOf(admin.id);
    const calls = [
      (api: TestClient) => api.onboarding.$get(),
      (api: TestClient) => api.onboarding.target.$put({ json: { exam: "other", year: thisYear } }),
      (api: TestClient) => api.onboarding.skip.$post(),
      (api: TestClient) => api.onboarding.complete.$post(),
    ];
    for (const call of calls) {
      expect((await call(t.client(admin))).status).toBe(403);
      expect((await call(t.client())).status).toBe(401);
    }
    expect((await t.client().onboarding.offer.$post()).status).toBe(401);
    // @ts-expect-error: a path the app does not have is a type error, not a 404 at run time.
    expect((await t.client(admin).onboarding.finish.$post()).status).toBe(404);
    expect(await rowOf(admin.id)).toEqual(before);
  });
});

describe("the offer at sign-in", () => {
  it("is made once to a student who has not finished, never to an admin", async () => {
    const { cookie } = await newStudent("offered@example.com");
    const offer = () => offerTo(cookie);
    expect(await (await offer()).json()).toEqual({ offer: true });
    expect(await (await offer()).json()).toEqual({ offer: false });

    const adminOffer = await t.client(admin).onboarding.offer.$post();
    expect(await adminOffer.json()).toEqual({ offer: false });
    expect((await rowOf(admin.id))?.offeredAt).toBeNull();
  });

  it("is not made after the student skipped or finished", async () => {
    const skipped = await newStudent("skipped@example.com");
    const skip = await t.client(skipped).onboarding.skip.$post();
    expect(skip.status).toBe(200);
    expect(await (await offerTo(skipped.cookie)).json()).toEqual({ offer: false });

    // A student who finished right after signing up (never offered at a sign-in).
    const finished = await newStudent("finished@example.com");
    const api = t.client(finished);
    await api.onboarding.target.$put({ json: { exam: "state_psc", year: thisYear } });
    await api.onboarding.complete.$post();
    expect(await (await offerTo(finished.cookie)).json()).toEqual({ offer: false });
    expect((await rowOf(finished.id))?.offeredAt).toBeNull();
  });
});

function offerTo(cookie: string) {
  return t.client({ cookie }).onboarding.offer.$post();
}

async function newStudent(email: string) {
  const response = await t.signUp({ email });
  expect(response.status).toBe(200);
  const cookie = await t.signIn(email, TEST_PASSWORD);
  const me = await (await t.client({ cookie }).account.me.$get()).json();
  if (!me) throw new Error(`${email} is not signed in`);
  return { id: me.user.id, cookie };
}
