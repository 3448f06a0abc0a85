import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "../db/schema/auth.ts";
import { studentAnswers } from "../db/schema/exams.ts";
import { profiles } from "../db/schema/profiles.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { createTestContext, setupTestApp, type TestContext } from "../test/test-app.ts";
import { VIEWER_CACHE_TTL_MS } from "./session.ts";

// The viewer cache (decision 023) on its own clock: `clock` moves only when a test moves it.
let clock = Date.now();
const { t } = setupTestApp({ viewerCache: { now: () => clock } });

const results = (cookie: string, app?: TestContext["app"]) =>
  t.request("/api/results", { cookie, app });

/** A student with an open exam attempt and one saved answer; the answers as stored. */
async function studentWithAttempt() {
  const student = await t.createUser("student");
  const fixture = await createExamFixture(t.db);
  const started = await t.request(`/api/exams/${fixture.exam.id}/attempts`, {
    method: "POST",
    cookie: student.cookie,
  });
  const attemptId = (await started.json()).attempt.id as string;
  const [q0, q1] = fixture.questions;
  const save = (questionId: string, selectedAnswer: string, clientSeq: number) =>
    t.request(`/api/attempts/${attemptId}/answers`, {
      cookie: student.cookie,
      body: { answers: [{ questionId, selectedAnswer, markedForReview: false, clientSeq }] },
    });
  expect((await save(q0!.id, "A", 1)).status).toBe(200);
  const stored = () =>
    t.db
      .select()
      .from(studentAnswers)
      .where(eq(studentAnswers.attemptId, attemptId))
      .orderBy(asc(studentAnswers.questionId));
  return { student, save, stored, q0: q0!, q1: q1! };
}

describe("the viewer cache", () => {
  it("a sign-out in this instance refuses the very next save, and it changes nothing", async () => {
    const { student, save, stored, q1 } = await studentWithAttempt();
    expect((await results(student.cookie)).status).toBe(200); // cached now
    const before = await stored();
    const out = await t.request("/api/auth/sign-out", { body: {}, cookie: student.cookie });
    expect(out.status).toBe(200);
    const refused = await save(q1.id, "B", 2);
    expect(refused.status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("revoking all sessions in this instance refuses them at once", async () => {
    const student = await t.createUser("student");
    const second = await t.signIn(student.email);
    expect((await results(second)).status).toBe(200);
    const revoke = await t.request("/api/auth/revoke-other-sessions", {
      body: {},
      cookie: student.cookie,
    });
    expect(revoke.status).toBe(200);
    expect((await results(second)).status).toBe(401);
    expect((await results(student.cookie)).status).toBe(200);
  });

  it("a session ended by another instance is refused here within the TTL, not later", async () => {
    const { student, save, stored, q1 } = await studentWithAttempt();
    const other = t.createInstance();
    expect((await results(student.cookie)).status).toBe(200); // cached in t.app
    const out = await t.request("/api/auth/sign-out", {
      body: {},
      cookie: student.cookie,
      app: other,
    });
    expect(out.status).toBe(200);
    expect((await results(student.cookie, other)).status).toBe(401);
    // The documented delay: this instance may still accept it for up to the TTL...
    clock += VIEWER_CACHE_TTL_MS - 1;
    expect((await results(student.cookie)).status).toBe(200);
    // ...and refuses it once the TTL has passed, saves included.
    clock += 1;
    const before = await stored();
    expect((await save(q1.id, "C", 3)).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("a row deleted behind the app's back (the CLI on PostgreSQL) counts after the TTL", async () => {
    const student = await t.createUser("student");
    expect((await results(student.cookie)).status).toBe(200);
    await t.db.delete(session).where(eq(session.userId, student.id));
    clock += VIEWER_CACHE_TTL_MS;
    expect((await results(student.cookie)).status).toBe(401);
  });

  it("anonymous auth requests and others' sign-outs leave cached viewers alone (decision 029)", async () => {
    const student = await t.createUser("student");
    const other = await t.createUser("student");
    const stale = await t.signIn(other.email);
    expect((await t.request("/api/auth/sign-out", { body: {}, cookie: stale })).status).toBe(200);
    expect((await results(student.cookie)).status).toBe(200); // cached now
    // Gone from the database: only the cached entry still lets this session in.
    await t.db.delete(session).where(eq(session.userId, student.id));
    const anonymous: [string, Parameters<TestContext["request"]>[1]][] = [
      ["/api/auth/ok", {}],
      ["/api/auth/get-session", {}],
      ["/api/auth/sign-out", { body: {} }],
      ["/api/auth/sign-out", { body: {}, cookie: stale }],
      ["/api/auth/revoke-sessions", { body: {} }],
      ["/api/auth/sign-in/email", { body: { email: other.email, password: "wrong-guess" } }],
      [
        "/api/auth/reset-password",
        { body: { token: "nope", newPassword: "Tq7-violet-harbor-92" } },
      ],
      ["/api/auth/does-not-exist", {}],
    ];
    for (const [path, init] of anonymous) await t.request(path, init);
    // Another user's own sign-out drops that user's entries only.
    const leaving = await t.createUser("student");
    expect((await results(leaving.cookie)).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", { body: {}, cookie: leaving.cookie });
    expect(out.status).toBe(200);
    expect((await results(leaving.cookie)).status).toBe(401);
    expect((await results(student.cookie)).status).toBe(200);
    clock += VIEWER_CACHE_TTL_MS;
    expect((await results(student.cookie)).status).toBe(401);
  });

  it("a role change by the CLI channel in this process applies at once", async () => {
    const internal = await createTestContext({
      internalToken: "internal-test-token",
      viewerCache: { now: () => clock },
    });
    try {
      const student = await internal.createUser("student");
      const adminOnly = () => internal.request("/api/admin/exams", { cookie: student.cookie });
      expect((await adminOnly()).status).toBe(403); // the student is cached
      const promote = await internal.request("/internal/create-admin", {
        headers: { "x-internal-token": "internal-test-token" },
        body: { email: student.email, password: "new-secret-1", name: "Now Admin", promote: true },
      });
      expect(promote.status).toBe(200);
      // Promotion signs the account out everywhere: the cached student session is gone at once.
      expect((await adminOnly()).status).toBe(401);
      const [profile] = await internal.db
        .select({ role: profiles.role })
        .from(profiles)
        .where(eq(profiles.id, student.id));
      expect(profile?.role).toBe("admin");
    } finally {
      await internal.close();
    }
  });
});
