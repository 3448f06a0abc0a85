import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { session, user } from "./db/schema/auth.ts";
import { siteSettings } from "./db/schema/content.ts";
import { examAttempts, exams as examsTable, studentAnswers } from "./db/schema/exams.ts";
import { subscriptionPlans, userSubscriptions } from "./db/schema/subscriptions.ts";
import { publicationDay } from "./lib/calendar.ts";
import { VIEWER_CACHE_TTL_MS } from "./lib/session.ts";
import { finalizeExpiredAttempts } from "./modules/attempts/attempt-grading.ts";
import { startAttempt } from "./modules/attempts/attempts.service.ts";
import { saveAnswers } from "./modules/attempts/save-answers.ts";
import { SETTINGS_CACHE_TTL_MS } from "./modules/settings/settings-store.ts";
import { createExamFixture, createQuizFixture } from "./test/fixtures.ts";
import { createTestContext, setupTestApp, type TestContext } from "./test/test-app.ts";

// Several app instances on one database, as behind a load balancer (docs/deploy.md): each
// `createInstance()` has its own settings cache and its own better-auth, sharing only the database.

type App = TestContext["app"];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("maintenance mode and site settings across instances", () => {
  let t: TestContext;
  let a: App;
  let b: App;
  let c: App;
  let admin: { cookie: string };
  let student: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.createUser("admin");
    student = await t.createUser("student");
    a = t.app;
    b = t.createInstance();
    c = t.createInstance();
  });
  afterAll(async () => {
    await t.close();
  });
  // Date only: the settings cache ages by Date.now(); nothing here waits on a real timer. The
  // fake clock only moves forward from one test to the next, as a server's clock does.
  let clock = Date.now();
  const startClock = () => {
    clock = Math.max(clock, Date.now()) + SETTINGS_CACHE_TTL_MS;
    vi.useFakeTimers({ toFake: ["Date"], now: clock });
  };
  afterEach(() => {
    clock = Date.now();
    vi.useRealTimers();
  });

  const settings = (overrides: Record<string, unknown> = {}) => ({
    appTitle: "UPSC Prep",
    contactEmail: "help@upscprep.example",
    maintenanceMode: false,
    examName: "UPSC CSE",
    examDate: "2027-05-23",
    ...overrides,
  });
  const save = (app: App, body: unknown) =>
    t.request("/api/settings", { app, method: "PUT", body, cookie: admin.cookie });
  const listExams = (app: App) => t.request("/api/exams", { app, cookie: student.cookie });
  const publicTitle = async (app: App) =>
    ((await (await t.request("/api/settings/public", { app })).json()) as { appTitle: string })
      .appTitle;

  it("switched on through A: A refuses at once, B within the cache TTL, C (cold) at once", async () => {
    startClock();
    expect((await save(a, settings())).status).toBe(200);
    // B reads the settings now (maintenance off) and keeps that copy for the TTL.
    expect((await listExams(b)).status).toBe(200);

    expect((await save(a, settings({ maintenanceMode: true }))).status).toBe(200);
    const onA = await listExams(a);
    expect(onA.status).toBe(503);
    expect((await onA.json()).error.code).toBe("MAINTENANCE");
    expect((await listExams(c)).status).toBe(503);

    // B's copy predates the switch: it may still answer until the TTL runs out, never later.
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS);
    const onB = await listExams(b);
    expect(onB.status).toBe(503);
    expect(onB.headers.get("retry-after")).toBe("300");

    // A refused write through B changes nothing: no attempt is started.
    const { exam } = await createExamFixture(t.db, { questionCount: 2 });
    const start = await t.request(`/api/exams/${exam.id}/attempts`, {
      app: b,
      method: "POST",
      cookie: student.cookie,
    });
    expect(start.status).toBe(503);
    expect(
      await t.db.select().from(examAttempts).where(eq(examAttempts.userId, student.id)),
    ).toEqual([]);
    // Admins keep working on every instance.
    expect((await t.request("/api/exams", { app: b, cookie: admin.cookie })).status).toBe(200);

    // Switched off through B: B serves at once, A (which cached "on") within the TTL.
    expect((await save(b, settings({ maintenanceMode: false }))).status).toBe(200);
    expect((await listExams(b)).status).toBe(200);
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS);
    expect((await listExams(a)).status).toBe(200);
    expect((await listExams(c)).status).toBe(200);
  });

  it("a title saved through B shows on A within the cache TTL, and on B at once", async () => {
    startClock();
    expect((await save(b, settings({ appTitle: "Before" }))).status).toBe(200);
    // A and C read now and keep that copy.
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS);
    expect(await publicTitle(a)).toBe("Before");
    expect(await publicTitle(c)).toBe("Before");

    expect((await save(b, settings({ appTitle: "After" }))).status).toBe(200);
    expect(await publicTitle(b)).toBe("After");
    vi.setSystemTime(Date.now() + SETTINGS_CACHE_TTL_MS);
    expect(await publicTitle(a)).toBe("After");
    expect(await publicTitle(c)).toBe("After");
  });

  it("a refused settings save through one instance changes the row for none", async () => {
    startClock();
    expect((await save(a, settings({ appTitle: "Kept" }))).status).toBe(200);
    const before = await t.db.select().from(siteSettings);
    const bad = await save(b, settings({ appTitle: " ", maintenanceMode: true }));
    expect(bad.status).toBe(422);
    const byStudent = await t.request("/api/settings", {
      app: c,
      method: "PUT",
      body: settings({ maintenanceMode: true }),
      cookie: student.cookie,
    });
    expect(byStudent.status).toBe(403);
    expect(await t.db.select().from(siteSettings)).toEqual(before);
    expect(await publicTitle(b)).toBe("Kept");
    expect((await listExams(c)).status).toBe(200);
  });
});

describe("sessions across instances", () => {
  // Each instance keeps resolved sessions for up to VIEWER_CACHE_TTL_MS (decision 023); the
  // clock is the cache's own, moved by hand, so nothing waits.
  let clock = 1_000_000;
  const { t } = setupTestApp({ viewerCache: { now: () => clock } });

  it("a session signed out on A is refused on A at once and on B and C within the cache TTL", async () => {
    const b = t.createInstance();
    const c = t.createInstance();
    const student = await t.createUser("student");
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 2 });
    const started = await t.request(`/api/exams/${exam.id}/attempts`, {
      app: b,
      method: "POST",
      cookie: student.cookie,
    });
    expect(started.status).toBe(200);
    const attemptId = ((await started.json()) as { attempt: { id: string } }).attempt.id;
    expect(
      await (await t.request("/api/account/me", { app: c, cookie: student.cookie })).json(),
    ).toMatchObject({ user: { id: student.id } });

    // The cookie's own session row (sign-up may have left another one: it signs in when
    // verification is off) is deleted by the sign-out.
    const token = decodeURIComponent(student.cookie).match(/session_token=([^.;]+)/)?.[1] ?? "";
    const signedIn = () =>
      t.db
        .select()
        .from(session)
        .where(and(eq(session.userId, student.id), eq(session.token, token)));
    expect(await signedIn()).toHaveLength(1);
    const out = await t.request("/api/auth/sign-out", { body: {}, cookie: student.cookie });
    expect(out.status).toBe(200);
    expect(await signedIn()).toEqual([]);
    // The instance that signed out forgets it at once.
    expect(
      await (await t.request("/api/account/me", { cookie: student.cookie })).json(),
    ).toBeNull();

    // The others hold their copy for at most the TTL: the stated bound.
    clock += VIEWER_CACHE_TTL_MS;
    for (const app of [b, c]) {
      const me = await t.request("/api/account/me", { app, cookie: student.cookie });
      expect(await me.json()).toBeNull();
      const saved = await t.request(`/api/attempts/${attemptId}/answers`, {
        app,
        cookie: student.cookie,
        body: {
          answers: [
            {
              questionId: questions[0]!.id,
              selectedAnswer: "A",
              markedForReview: false,
              clientSeq: 1,
            },
          ],
        },
      });
      expect(saved.status).toBe(401);
    }
    expect(
      await t.db.select().from(studentAnswers).where(eq(studentAnswers.attemptId, attemptId)),
    ).toEqual([]);
  });

  it("revoking every session from one device (on A) signs the other device out on B", async () => {
    const b = t.createInstance();
    const student = await t.createUser("student");
    const phone = await t.signIn(student.email);
    expect(
      await (await t.request("/api/account/me", { app: b, cookie: phone })).json(),
    ).toMatchObject({ user: { id: student.id } });
    const revoked = await t.request("/api/auth/revoke-sessions", {
      body: {},
      cookie: student.cookie,
    });
    expect(revoked.status).toBe(200);
    clock += VIEWER_CACHE_TTL_MS;
    expect(await (await t.request("/api/account/me", { app: b, cookie: phone })).json()).toBeNull();
  });
});

describe("rate limits across instances", () => {
  const { t } = setupTestApp({ rateLimitMax: 3 });

  it("holds the per-address sign-up limit for the whole fleet, not per instance", async () => {
    const instances = [t.app, t.createInstance(), t.createInstance()];
    const ip = "203.0.113.50";
    const signUp = (app: App, email: string, from: string) =>
      t.request("/api/auth/sign-up/email", {
        app,
        ip: from,
        body: {
          name: "Fleet Student",
          email,
          password: "Tq7-violet-harbor-92",
          metadata: {
            full_name: "Fleet Student",
            mobile_number: "",
            address: "",
            date_of_birth: "",
          },
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await signUp(instances[i % 3]!, `fleet${i}@example.com`, ip);
      statuses.push(response.status);
    }
    // Three allowed in all; three instances do not make it nine.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const created = await t.db
      .select({ email: user.email })
      .from(user)
      .where(sql`${user.email} like 'fleet%@example.com'`);
    expect(created.map((r) => r.email).sort()).toEqual([
      "fleet0@example.com",
      "fleet1@example.com",
      "fleet2@example.com",
    ]);
    // Another address is not affected, on any instance.
    const other = await signUp(instances[2]!, "other-fleet@example.com", "198.51.100.7");
    expect(other.status).toBe(200);
  }, 120_000);
});

describe("plan limits across instances", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a plan allowing one premium exam lets one of two simultaneous starts on A and B through", async () => {
    const student = await t.createUser("student");
    const [plan] = await t.db.insert(subscriptionPlans).values({ name: "One exam" }).returning();
    const day = 86_400_000;
    await t.db.insert(userSubscriptions).values({
      userId: student.id,
      planId: plan!.id,
      status: "active",
      startDate: new Date(Date.now() - day),
      endDate: new Date(Date.now() + 30 * day),
      planName: "One exam",
      examLimit: 1,
      attemptLimitPerExam: null,
    });
    const premium = await Promise.all(
      [0, 1].map(async () => {
        const { exam } = await createExamFixture(t.db, { questionCount: 2 });
        await t.db.update(examsTable).set({ isFree: false }).where(eq(examsTable.id, exam.id));
        return exam;
      }),
    );
    const b = t.createInstance();
    const responses = await Promise.all(
      [t.app, b].map((app, i) =>
        t.request(`/api/exams/${premium[i]!.id}/attempts`, {
          app,
          method: "POST",
          cookie: student.cookie,
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 403]);
    // The refused start stored nothing: one attempt in all.
    expect(
      await t.db.select().from(examAttempts).where(eq(examAttempts.userId, student.id)),
    ).toHaveLength(1);
  });
});

describe("the saves' refusal facts kept per instance (decision 052)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t.close();
  });

  it("an attempt submitted through A is refused on B, whose copy saw it open, and nothing changes", async () => {
    const student = await t.createUser("student");
    const { exam, questions } = await createExamFixture(t.db, { questionCount: 3 });
    const b = t.createInstance();
    const started = await t.request(`/api/exams/${exam.id}/attempts`, {
      method: "POST",
      cookie: student.cookie,
    });
    const attemptId = (await started.json()).attempt.id as string;
    const saveOn = (app: App, index: number, clientSeq: number) =>
      t.request(`/api/attempts/${attemptId}/answers`, {
        app,
        cookie: student.cookie,
        body: {
          answers: [
            {
              questionId: questions[index]!.id,
              selectedAnswer: "B",
              markedForReview: false,
              clientSeq,
            },
          ],
        },
      });
    // B keeps the attempt's facts (open) from this save.
    expect((await saveOn(b, 0, 1)).status).toBe(200);
    const submitted = await t.request(`/api/attempts/${attemptId}/submit`, {
      method: "POST",
      cookie: student.cookie,
    });
    expect(submitted.status).toBe(200);
    const stored = async () => ({
      attempt: await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId)),
      answers: await t.db
        .select()
        .from(studentAnswers)
        .where(eq(studentAnswers.attemptId, attemptId))
        .orderBy(studentAnswers.questionId),
    });
    const before = await stored();
    for (const [app, index] of [
      [b, 1],
      [b, 2],
      [t.app, 1],
    ] as const) {
      const refused = await saveOn(app, index, 2);
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe("This exam has already been submitted.");
    }
    expect(await stored()).toEqual(before);
  });
});

describe("the sweeper on every instance at once", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    // Every change of an attempt's grade is logged, so grading twice would show.
    await t.db.execute(sql`create table sweep_log (attempt_id uuid not null)`);
    await t.db.execute(sql`
      create function log_grading() returns trigger language plpgsql as $$
      begin
        insert into sweep_log values (new.id);
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger log_grading after update on exam_attempts for each row
      when (old.completed_at is distinct from new.completed_at
            or old.score is distinct from new.score)
      execute function log_grading()`);
  });
  afterAll(async () => {
    await t.close();
  });

  it("grades each overdue attempt exactly once while three sweeps race", async () => {
    const students = await Promise.all([
      t.createUser("student"),
      t.createUser("student"),
      t.createUser("student"),
    ]);
    const exams = await Promise.all(
      [0, 1, 2, 3].map(() => createExamFixture(t.db, { questionCount: 4, timeLimitSeconds: 600 })),
    );
    const startedAt = new Date(Date.now() - 60 * 60_000);
    // Published on India's day of the start, which an hour ago may be yesterday.
    const quizzes = await Promise.all(
      [0, 1].map(() =>
        createQuizFixture(t.db, {
          questionCount: 4,
          durationMinutes: 10,
          publishedOn: publicationDay(startedAt),
        }),
      ),
    );
    const open: string[] = [];
    for (const s of students) {
      const viewer = { userId: s.id, role: "student" as const };
      for (const { exam, questions } of exams) {
        const { attempt } = await startAttempt(t.db, {
          viewer,
          target: { kind: "exam", id: exam.id },
          now: startedAt,
        });
        // Two of four right (keys cycle A, B, C, D): 50%.
        await saveAnswers(t.db, {
          userId: s.id,
          attemptId: attempt.id,
          body: {
            answers: questions.slice(0, 3).map((q, i) => ({
              questionId: q.id,
              selectedAnswer: i < 2 ? q.correctAnswer : q.correctAnswer === "A" ? "B" : "A",
              markedForReview: false,
              clientSeq: i + 1,
            })),
          },
          now: startedAt,
        });
        open.push(attempt.id);
      }
      for (const { quiz } of quizzes) {
        const { attempt } = await startAttempt(t.db, {
          viewer,
          target: { kind: "quiz", id: quiz.id },
          now: startedAt,
        });
        open.push(attempt.id);
      }
    }
    // One attempt still has time: no sweep may touch it.
    const { exam: running } = await createExamFixture(t.db, { questionCount: 2 });
    const live = await startAttempt(t.db, {
      viewer: { userId: students[0]!.id, role: "student" },
      target: { kind: "exam", id: running.id },
    });

    const now = new Date();
    // Small batches so the sweeps interleave on PostgreSQL (separate pooled connections).
    const counts = await Promise.all([
      finalizeExpiredAttempts(t.db, { now, batchSize: 3 }),
      finalizeExpiredAttempts(t.db, { now, batchSize: 3 }),
      finalizeExpiredAttempts(t.db, { now, batchSize: 3 }),
    ]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(open.length);
    expect(await finalizeExpiredAttempts(t.db, { now, batchSize: 3 })).toBe(0);

    const log = rowsOf<{ attempt_id: string; n: number }>(
      await t.db.execute(sql`select attempt_id, count(*)::int as n from sweep_log group by 1`),
    );
    expect(log.map((r) => r.attempt_id).sort()).toEqual([...open].sort());
    expect(log.every((r) => r.n === 1)).toBe(true);

    const graded = await t.db.select().from(examAttempts).where(inArray(examAttempts.id, open));
    expect(graded.every((r) => r.completedAt !== null)).toBe(true);
    expect(graded.filter((r) => r.examId).every((r) => r.score === "50.00")).toBe(true);
    // Quiz counters (kept by triggers) count each completion once, and one ranked per student.
    for (const { quiz } of quizzes) {
      const [counters] = rowsOf<{ completed_attempts: number; ranked_attempts: number }>(
        await t.db.execute(
          sql`select completed_attempts, ranked_attempts from quizzes where id = ${quiz.id}`,
        ),
      );
      expect(counters).toEqual({ completed_attempts: 3, ranked_attempts: 3 });
    }
    // Every question has exactly one stored answer row per attempt.
    const perAttempt = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from student_answers
        where ${inArray(studentAnswers.attemptId, open)} group by attempt_id`),
    );
    expect(perAttempt.every((r) => r.n === 4)).toBe(true);
    const [stillOpen] = await t.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, live.attempt.id), sql`${examAttempts.completedAt} is null`));
    expect(stillOpen).toBeDefined();
  });
});
