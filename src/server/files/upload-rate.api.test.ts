import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { answerCopyFiles } from "../db/schema/evaluation.ts";
import { profiles } from "../db/schema/profiles.ts";
import { userSubscriptions } from "../db/schema/subscriptions.ts";
import { setupTestApp, type TestUser } from "../test/test-app.ts";
import { makeImage, uploadFile } from "../test/upload.ts";

// Every upload route counts against one per-user rate kept in the database (decision 057), draft
// pages of an answer copy included: past it, 429 with Retry-After and nothing stored, on every
// instance. Date alone is faked: the window moves by the server's clock, no test waits for it.

const RATE = { uploads: 3, windowSeconds: 600 };
const { t, student, other, admin } = setupTestApp({
  uploadRate: RATE,
  users: { student: "student", other: "student", admin: "admin" },
});

let questionId = "";
beforeAll(async () => {
  const created = await t.request("/api/mains-questions", {
    cookie: admin.cookie,
    body: {
      paper: "gs2",
      questionText: "Discuss the role of the Finance Commission in fiscal federalism.",
      directive: "Discuss",
      wordLimit: 150,
      marks: 10,
      publishDate: "2026-01-01",
      modelAnswer: "Article 280; vertical and horizontal devolution.",
    },
  });
  expect(created.status).toBe(201);
  questionId = ((await created.json()) as { id: string }).id;
  for (const user of [student, other]) {
    await t.db.insert(userSubscriptions).values({
      userId: user.id,
      status: "active",
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
      planName: "Mains",
      evaluationLimit: null,
    });
  }
});
afterEach(() => {
  vi.useRealTimers();
});

const draftPage = async (user: TestUser, app = t.app) =>
  uploadFile(
    t,
    `/api/answer-evaluation/questions/${questionId}/files`,
    { bytes: await makeImage(60, 80, "jpeg"), name: "page.jpg", type: "image/jpeg" },
    user.cookie,
    {},
    app,
  );
const photo = async (user: TestUser) =>
  uploadFile(t, "/api/profile/photo", { bytes: await makeImage(), name: "me.png" }, user.cookie);

const storedFiles = () => readdirSync(t.storageDir, { recursive: true }).sort();
const stored = async () => ({
  pages: await t.db.select().from(answerCopyFiles).orderBy(answerCopyFiles.id),
  photo: (
    await t.db
      .select({ url: profiles.profilePhotoUrl })
      .from(profiles)
      .where(eq(profiles.id, student.id))
  )[0]?.url,
  files: storedFiles(),
});

describe("the upload rate", () => {
  it("refuses a user's uploads past the rate with 429 and Retry-After, on every instance, storing nothing", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    expect((await draftPage(student)).status).toBe(201);
    expect((await draftPage(student)).status).toBe(201);
    expect((await photo(student)).status).toBe(200);

    const before = await stored();
    vi.setSystemTime(start + 60_000);
    const refused = await draftPage(student);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("540");
    expect((await refused.json()).error).toMatchObject({
      code: "RATE_LIMITED",
      message: "You have uploaded many files in a short time. Please try again in 9 min.",
    });
    // Another instance on the same database counts the same uploads; so does another route.
    const elsewhere = t.createInstance();
    expect((await draftPage(student, elsewhere)).status).toBe(429);
    expect((await photo(student)).status).toBe(429);
    expect(await stored()).toEqual(before);

    // Another student has their own count.
    expect((await draftPage(other)).status).toBe(201);

    // Once the window has passed, the student may upload again.
    vi.setSystemTime(start + RATE.windowSeconds * 1000);
    expect((await draftPage(student)).status).toBe(201);
  });
});
