import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { user } from "../db/schema/auth.ts";
import { examAttempts } from "../db/schema/exams.ts";
import { profiles } from "../db/schema/profiles.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { createTestContext, type TestContext } from "../test/test-app.ts";
import { makeImage } from "../test/upload.ts";
import { listTrustedOrigins } from "./trusted-origins.ts";

let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const EVIL = "https://evil.example";
const refusal = (origin: string) =>
  expect.objectContaining({
    code: "FORBIDDEN",
    message: expect.stringMatching(
      new RegExp(`^This request came from ${origin}.*Set PUBLIC_URL.*TRUSTED_ORIGINS`),
    ),
  });

describe("origin checks on state-changing /api requests", () => {
  it("refuses a foreign Origin on start, save, submit and upload, changing nothing", async () => {
    t = await createTestContext();
    const ctx = t;
    const student = await ctx.createUser("student");
    const { exam, questions } = await createExamFixture(ctx.db);
    const foreign = { origin: EVIL };

    const started = await ctx.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
      headers: foreign,
    });
    expect(started.status).toBe(403);
    expect((await started.json()).error).toEqual(refusal(EVIL));
    expect(
      await ctx.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id)),
    ).toEqual([]);

    const own = await ctx.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const attemptId = (await own.json()).attempt.id as string;
    const saved = await ctx.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      headers: foreign,
      body: {
        answers: [
          {
            questionId: questions[0]?.id,
            selectedAnswer: "A",
            markedForReview: false,
            clientSeq: 1,
          },
        ],
      },
    });
    expect(saved.status).toBe(403);
    const submitted = await ctx.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
      headers: foreign,
    });
    expect(submitted.status).toBe(403);
    const [attempt] = await ctx.db
      .select()
      .from(examAttempts)
      .where(eq(examAttempts.id, attemptId));
    expect(attempt?.completedAt).toBeNull();

    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage())], "me.png", { type: "image/png" }),
    );
    const upload = await ctx.app.request(
      "/api/profile/photo",
      { method: "POST", body: form, headers: { ...foreign, cookie: student.cookie } },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(upload.status).toBe(403);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, student.id));
    expect(profile?.profilePhotoUrl).toBeNull();
  });

  it("refuses a cross-site request without Origin, and lets non-browser clients through", async () => {
    t = await createTestContext();
    const crossSite = await t.request("/api/auth/sign-up/email", {
      headers: { origin: "", "sec-fetch-site": "cross-site" },
      body: {
        name: "X",
        email: "x@example.com",
        password: "Tq7-violet-harbor-92",
        metadata: { full_name: "X" },
      },
    });
    // An empty Origin header is still a foreign one.
    expect(crossSite.status).toBe(403);

    const noOrigin = await t.app.request(
      "/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-site" },
        body: JSON.stringify({ email: "x@example.com", password: "Tq7-violet-harbor-92" }),
      },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(noOrigin.status).toBe(403);
    expect((await noOrigin.json()).error).toEqual(refusal("a same-site page"));

    const script = await t.app.request(
      "/api/auth/sign-in/email",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "x@example.com", password: "Tq7-violet-harbor-92" }),
      },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(script.status).toBe(401);
  });

  it("without PUBLIC_URL, registers from any loopback name and TRUSTED_ORIGINS", async () => {
    t = await createTestContext({
      trustedOrigins: listTrustedOrigins({
        publicUrl: undefined,
        port: 3000,
        extra: ["http://192.168.1.20:3000"],
      }),
    });
    for (const [i, origin] of [
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
      "http://localhost:3000",
      "http://192.168.1.20:3000",
    ].entries()) {
      const response = await t.signUp({ email: `loop${i}@example.com` }, { headers: { origin } });
      expect(response.status, origin).toBe(200);
    }
    const otherPort = await t.signUp(
      { email: "port@example.com" },
      { headers: { origin: "http://127.0.0.1:5173" } },
    );
    expect(otherPort.status).toBe(403);
    expect((await otherPort.json()).error).toEqual(refusal("http://127.0.0.1:5173"));
    expect(await t.db.select().from(user).where(eq(user.email, "port@example.com"))).toEqual([]);
  });

  it("with PUBLIC_URL set, loopback origins are foreign", async () => {
    t = await createTestContext({ publicUrl: "https://exams.example.com" });
    const response = await t.signUp(
      { email: "local@example.com" },
      { headers: { origin: "http://localhost:3000" } },
    );
    expect(response.status).toBe(403);
    expect((await t.signUp({ email: "public@example.com" })).status).toBe(200);
  });
});
