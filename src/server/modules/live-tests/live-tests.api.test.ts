import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { OptionKey } from "../../../shared/constants.ts";
import {
  closesAt,
  entryAt,
  LIVE_MESSAGES,
  type LiveSchedule,
  staggerSeconds,
  startOffsetSeconds,
} from "../../../shared/live-tests.ts";
import {
  examAttempts,
  exams,
  liveTests,
  questionSetItems,
  questionSets,
  questions,
} from "../../db/schema/exams.ts";
import { liveTestRegistrations, liveTestResults } from "../../db/schema/live-tests.ts";
import { subjects } from "../../db/schema/taxonomy.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { countDatabaseCalls } from "../../test/query-counter.ts";
import { setupTestApp, type TestUser } from "../../test/test-app.ts";
import { finalizeExpiredAttempts } from "../attempts/attempt-grading.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { publishDueLiveTests } from "../attempts/live-results.ts";
import { saveAnswers } from "../attempts/save-answers.ts";

const { t, admin, student, other } = setupTestApp({
  users: { admin: "admin", student: "student", other: "student" },
});

const MINUTE = 60_000;
const schedules = () => t.db.select().from(liveTests);
const registrationsOf = (examId: string) =>
  t.db.select().from(liveTestRegistrations).where(eq(liveTestRegistrations.examId, examId));
const attemptsOf = (examId: string) =>
  t.db.select().from(examAttempts).where(eq(examAttempts.liveTestId, examId));

/** A live test inserted directly (past opening times are not schedulable through the API). */
async function liveTest(options: {
  opensAt: Date;
  entryMinutes?: number;
  durationMinutes?: number;
  resultsAt?: Date | null;
  questionCount?: number;
  isFree?: boolean;
}) {
  const { exam, questions } = await createExamFixture(t.db, {
    questionCount: options.questionCount ?? 4,
    negative: { marks: 2, fraction: 1 / 3 },
  });
  if (options.isFree === false)
    await t.db.update(exams).set({ isFree: false }).where(eq(exams.id, exam.id));
  const schedule: LiveSchedule = {
    opensAt: options.opensAt,
    entryMinutes: options.entryMinutes ?? 15,
    durationMinutes: options.durationMinutes ?? 60,
    resultsAt: options.resultsAt ?? null,
  };
  await t.db.insert(liveTests).values({ examId: exam.id, ...schedule });
  return { exam, questions, schedule };
}

async function register(user: TestUser, examId: string, body: unknown = { displayName: "Asha" }) {
  return t.request(`/api/live-tests/${examId}/registration`, { cookie: user.cookie, body });
}

/** Registers straight in the table (tests of the engine at chosen instants). */
async function registerRow(userId: string, examId: string, name = "Student", anonymous = false) {
  await t.db.insert(liveTestRegistrations).values({ examId, userId, displayName: name, anonymous });
}

/** The admin list's registration count of one live test. */
async function adminCount(examId: string) {
  const listed = await t.request("/api/admin/live-tests?page=1&pageSize=100", {
    cookie: admin.cookie,
  });
  const body = (await listed.json()) as { items: { examId: string; registeredCount: number }[] };
  return body.items.find((i) => i.examId === examId)?.registeredCount;
}

const publishedAt = async (examId: string) =>
  (await t.db.select().from(liveTests).where(eq(liveTests.examId, examId)))[0]?.publishedAt ?? null;

const asStudent = (userId: string) => ({ userId, role: "student" as const });

describe("scheduling (admins)", () => {
  it("schedules an exam, refuses students, bad input, the past and a second schedule", async () => {
    const { exam } = await createExamFixture(t.db, { timeLimitSeconds: 7200 });
    const opensAt = new Date(Date.now() + 24 * 60 * MINUTE).toISOString();
    const before = await schedules();

    const refused = await t.request("/api/admin/live-tests", {
      cookie: student.cookie,
      body: { examId: exam.id, opensAt, entryMinutes: 15 },
    });
    expect(refused.status).toBe(403);
    for (const body of [
      { examId: exam.id, opensAt, entryMinutes: 0 },
      { examId: exam.id, opensAt: "tomorrow", entryMinutes: 15 },
      { examId: exam.id, opensAt, entryMinutes: 15, surprise: true },
      // Results before the close (opens + 15 + 120 minutes).
      {
        examId: exam.id,
        opensAt,
        entryMinutes: 15,
        resultsAt: new Date(Date.parse(opensAt) + 60 * MINUTE).toISOString(),
      },
      // In the past.
      { examId: exam.id, opensAt: new Date(Date.now() - MINUTE).toISOString(), entryMinutes: 15 },
    ]) {
      const response = await t.request("/api/admin/live-tests", { cookie: admin.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(await schedules()).toEqual(before);

    const created = await t.request("/api/admin/live-tests", {
      cookie: admin.cookie,
      body: { examId: exam.id, opensAt, entryMinutes: 15 },
    });
    expect(created.status).toBe(201);
    const [row] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    // The duration defaults to the exam's time limit.
    expect(row).toMatchObject({ entryMinutes: 15, durationMinutes: 120, resultsAt: null });

    const twice = await t.request("/api/admin/live-tests", {
      cookie: admin.cookie,
      body: { examId: exam.id, opensAt, entryMinutes: 20 },
    });
    expect(twice.status).toBe(409);
    const [still] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    expect(still).toEqual(row);

    const listed = await t.request("/api/admin/live-tests?page=1&pageSize=50", {
      cookie: admin.cookie,
    });
    const page = (await listed.json()) as { items: { examId: string; phase: string }[] };
    expect(page.items.find((i) => i.examId === exam.id)).toMatchObject({ phase: "upcoming" });
  });

  it("refuses an exam a student has already taken, or met in a practice test: its key was shown", async () => {
    const opensAt = new Date(Date.now() + 24 * 60 * MINUTE).toISOString();
    const taken = await createExamFixture(t.db);
    await startAttempt(t.db, {
      viewer: asStudent(student.id),
      target: { kind: "exam", id: taken.exam.id },
    });
    const drawn = await createExamFixture(t.db);
    const [set] = await t.db
      .insert(questionSets)
      .values({
        userId: student.id,
        kind: "practice",
        title: "Practice",
        timeLimitSeconds: 600,
        questionCount: 1,
      })
      .returning();
    await t.db
      .insert(questionSetItems)
      .values({ setId: set!.id, questionId: drawn.questions[0]!.id, position: 0 });
    const before = await schedules();
    for (const examId of [taken.exam.id, drawn.exam.id]) {
      const response = await t.request("/api/admin/live-tests", {
        cookie: admin.cookie,
        body: { examId, opensAt, entryMinutes: 15 },
      });
      expect(response.status).toBe(409);
      expect((await response.json()).error.message).toBe(LIVE_MESSAGES.examSeen);
    }
    expect(await schedules()).toEqual(before);
  });

  it("changes or cancels a schedule only before it opens", async () => {
    const { exam } = await liveTest({ opensAt: new Date(Date.now() - MINUTE) });
    const [before] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    const put = await t.request(`/api/admin/live-tests/${exam.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: {
        examId: exam.id,
        opensAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
        entryMinutes: 10,
      },
    });
    expect(put.status).toBe(409);
    const del = await t.request(`/api/admin/live-tests/${exam.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(del.status).toBe(409);
    const [after] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    expect(after).toEqual(before);
  });
});

describe("the waiting room", () => {
  it("is served from the instance's cache: forty refreshes read nothing", async () => {
    const { exam } = await liveTest({ opensAt: new Date(Date.now() + 60 * MINUTE) });
    expect((await register(student, exam.id)).status).toBe(200);
    const room = async () => {
      const response = await t.request(`/api/live-tests/${exam.id}`, { cookie: student.cookie });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        live: { phase: string; registeredCount: number } | null;
        me: { registered: boolean; entryAt: string; displayName: string };
      };
    };
    const first = await room();
    expect(first.me).toMatchObject({ registered: true, displayName: "Asha" });
    // The student sees themselves counted at once.
    expect(first.live?.registeredCount).toBe(1);
    // The clock stands still, so no cached copy (the schedule's, the viewer's) can age out on a
    // slow machine: what is counted is the requests' own reads.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const calls = await countDatabaseCalls(t.db, async () => {
        for (let i = 0; i < 40; i++) await room();
      });
      expect(calls).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says null for an exam that is not live, and shows each student only their own registration", async () => {
    const { exam: plain } = await createExamFixture(t.db);
    const none = await t.request(`/api/live-tests/${plain.id}`, { cookie: student.cookie });
    expect(((await none.json()) as { live: unknown }).live).toBeNull();

    const { exam } = await liveTest({ opensAt: new Date(Date.now() + 60 * MINUTE) });
    await register(student, exam.id, { displayName: "Asha", anonymous: true });
    // A new instance: this test's schedule was written straight to the table, past the cache.
    const theirs = await t.request(`/api/live-tests/${exam.id}`, {
      cookie: other.cookie,
      app: t.createInstance(),
    });
    const body = (await theirs.json()) as { me: { registered: boolean; displayName: null } };
    expect(body.me).toMatchObject({ registered: false, displayName: null });
    const visitor = await t.request(`/api/live-tests/${exam.id}`);
    expect(visitor.status).toBe(401);
  });
});

describe("the list (the dashboard's cards)", () => {
  type ListItem = {
    examId: string;
    phase: string;
    registeredCount: number;
    me: { registered: boolean; entryAt: string; attempt: string | null } | null;
  };
  const list = async (cookie?: string, app?: ReturnType<typeof t.createInstance>) => {
    const response = await t.request("/api/live-tests", { cookie, app });
    expect(response.status).toBe(200);
    return (await response.json()) as { items: ListItem[]; serverNow: string };
  };

  it("says where the student stands, from the cache: before the test opens, forty reads cost nothing", async () => {
    const { exam, schedule } = await liveTest({ opensAt: new Date(Date.now() + 90 * MINUTE) });
    const { exam: other } = await liveTest({ opensAt: new Date(Date.now() + 95 * MINUTE) });
    // A new instance, so the schedule written straight to the table is read.
    const app = t.createInstance();
    expect(
      (
        await t.request(`/api/live-tests/${exam.id}/registration`, {
          cookie: student.cookie,
          body: { displayName: "Asha" },
          app,
        })
      ).status,
    ).toBe(200);

    const first = await list(student.cookie, app);
    const mine = first.items.find((i) => i.examId === exam.id);
    expect(mine).toMatchObject({ phase: "upcoming", registeredCount: 1 });
    expect(mine?.me).toEqual({
      registered: true,
      entryAt: entryAt(schedule, exam.id, student.id).toISOString(),
      attempt: null,
    });
    expect(first.items.find((i) => i.examId === other.id)?.me).toMatchObject({
      registered: false,
      attempt: null,
    });
    // A visitor's list says nothing personal.
    expect((await list(undefined, app)).items.every((i) => i.me === null)).toBe(true);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const calls = await countDatabaseCalls(t.db, async () => {
        for (let i = 0; i < 40; i++) await list(student.cookie, app);
      });
      expect(calls).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("while the test is open, says whether the student has started or submitted it", async () => {
    const opensAt = new Date(Date.now() - MINUTE);
    const { exam, schedule } = await liveTest({ opensAt, entryMinutes: 30, durationMinutes: 60 });
    await registerRow(student.id, exam.id);
    const app = t.createInstance();
    const attemptOf = async () =>
      (await list(student.cookie, app)).items.find((i) => i.examId === exam.id)?.me?.attempt;
    expect(await attemptOf()).toBe("none");
    const at = entryAt(schedule, exam.id, student.id);
    const session = await startAttempt(t.db, {
      viewer: asStudent(student.id),
      target: { kind: "live", id: exam.id },
      now: at,
    });
    expect(await attemptOf()).toBe("open");
    await submitAttempt(t.db, { userId: student.id, attemptId: session.attempt.id, now: at });
    expect(await attemptOf()).toBe("completed");
    // Not registered: nothing is read about their attempts.
    const theirs = (await list(other.cookie, app)).items.find((i) => i.examId === exam.id);
    expect(theirs?.me).toMatchObject({ registered: false, attempt: null });
  });
});

describe("registration", () => {
  it("registers once (the count too), and refuses bad input, a closed window and a premium test without a plan", async () => {
    const { exam } = await liveTest({ opensAt: new Date(Date.now() + 60 * MINUTE) });
    for (const body of [
      {},
      { displayName: "" },
      { displayName: "x".repeat(61) },
      { displayName: "A", extra: 1 },
    ]) {
      expect((await register(student, exam.id, body)).status).toBe(422);
    }
    expect(await registrationsOf(exam.id)).toEqual([]);
    expect((await register(student, exam.id, { displayName: "Asha" })).status).toBe(200);
    const again = await register(student, exam.id, { displayName: "Someone else" });
    expect(await again.json()).toMatchObject({ displayName: "Asha" });
    expect(await adminCount(exam.id)).toBe(1);
    expect(await registrationsOf(exam.id)).toHaveLength(1);
    // Counted from the registrations: registering updated no shared row.
    const [row] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
    expect(row?.registeredCount).toBe(0);
    expect(row?.updatedAt).toEqual(row?.createdAt);

    const { exam: closed } = await liveTest({
      opensAt: new Date(Date.now() - 20 * MINUTE),
      entryMinutes: 15,
    });
    const late = await register(student, closed.id);
    expect(late.status).toBe(409);
    expect(await registrationsOf(closed.id)).toEqual([]);

    const { exam: premium } = await liveTest({
      opensAt: new Date(Date.now() + 60 * MINUTE),
      isFree: false,
    });
    const locked = await register(student, premium.id);
    expect(locked.status).toBe(403);
    expect(await registrationsOf(premium.id)).toEqual([]);

    const byAdmin = await register(admin, exam.id);
    expect(byAdmin.status).toBe(403);
    expect(await registrationsOf(exam.id)).toHaveLength(1);
    expect(await adminCount(exam.id)).toBe(1);
  });
});

describe("staggered entry", () => {
  it("spreads offsets over the window's first minutes, the same on every call", () => {
    const schedule = { entryMinutes: 15 };
    const span = staggerSeconds(schedule);
    expect(span).toBe(300);
    const buckets = new Array(5).fill(0);
    for (let i = 0; i < 5000; i++) {
      const offset = startOffsetSeconds(schedule, "exam-1", `user-${i}`);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(span);
      buckets[Math.floor(offset / 60)] += 1;
    }
    // Each minute of the five gets about a fifth (1,000) of the students.
    for (const n of buckets) expect(n).toBeGreaterThan(850);
    expect(startOffsetSeconds(schedule, "exam-1", "user-7")).toBe(
      startOffsetSeconds(schedule, "exam-1", "user-7"),
    );
    // A short window spreads over its first third.
    expect(staggerSeconds({ entryMinutes: 3 })).toBe(60);
  });

  it("refuses a start before the student's offset, without registering, after the window, and a second attempt", async () => {
    const opensAt = new Date(Date.UTC(2030, 0, 5, 4, 30));
    const { exam, schedule } = await liveTest({ opensAt, entryMinutes: 15, durationMinutes: 60 });
    const ref = { kind: "live" as const, id: exam.id };
    const entry = entryAt(schedule, exam.id, student.id);
    expect(entry.getTime() - opensAt.getTime()).toBeLessThan(300_000);

    // Not registered.
    await expect(
      startAttempt(t.db, { viewer: asStudent(student.id), target: ref, now: entry }),
    ).rejects.toMatchObject({ code: "FORBIDDEN", message: LIVE_MESSAGES.notRegistered });
    await registerRow(student.id, exam.id);
    // A second before the offset.
    await expect(
      startAttempt(t.db, {
        viewer: asStudent(student.id),
        target: ref,
        now: new Date(entry.getTime() - 1000),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await attemptsOf(exam.id)).toEqual([]);

    const session = await startAttempt(t.db, {
      viewer: asStudent(student.id),
      target: ref,
      now: entry,
    });
    expect(session.kind).toBe("live");
    // The full duration from the student's own start.
    expect(Date.parse(session.attempt.deadlineAt)).toBe(entry.getTime() + 60 * MINUTE);
    // The session carries no key.
    expect(JSON.stringify(session)).not.toContain("correctAnswer");

    await submitAttempt(t.db, { userId: student.id, attemptId: session.attempt.id, now: entry });
    await expect(
      startAttempt(t.db, { viewer: asStudent(student.id), target: ref, now: entry }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: LIVE_MESSAGES.alreadyTaken });
    expect(await attemptsOf(exam.id)).toHaveLength(1);

    // After the entry window closes, nobody starts.
    await registerRow(other.id, exam.id);
    await expect(
      startAttempt(t.db, {
        viewer: asStudent(other.id),
        target: ref,
        now: new Date(opensAt.getTime() + 15 * MINUTE),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: LIVE_MESSAGES.entryClosed });
    expect(await attemptsOf(exam.id)).toHaveLength(1);
  });

  it("never lets an attempt finish after the close", async () => {
    const opensAt = new Date(Date.UTC(2030, 0, 6, 4, 30));
    const { exam, schedule, questions } = await liveTest({
      opensAt,
      entryMinutes: 15,
      durationMinutes: 60,
    });
    await registerRow(student.id, exam.id);
    // The last second of the entry window.
    const start = new Date(opensAt.getTime() + 15 * MINUTE - 1000);
    const session = await startAttempt(t.db, {
      viewer: asStudent(student.id),
      target: { kind: "live", id: exam.id },
      now: start,
    });
    const deadline = Date.parse(session.attempt.deadlineAt);
    expect(deadline).toBeLessThanOrEqual(closesAt(schedule).getTime());
    const q = questions[0];
    if (!q) throw new Error("no question");
    await expect(
      saveAnswers(t.db, {
        userId: student.id,
        attemptId: session.attempt.id,
        body: {
          answers: [
            { questionId: q.id, selectedAnswer: "A", markedForReview: false, clientSeq: 1 },
          ],
        },
        now: new Date(closesAt(schedule).getTime() + 60_000),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("results", () => {
  /** Registers `users`, starts each at its entry time, answers `choices[i]`, and submits or leaves open. */
  async function sitting(
    users: TestUser[],
    choices: OptionKey[][],
    options: { leaveOpen?: number[]; anonymous?: number[] } = {},
  ) {
    const opensAt = new Date(Date.UTC(2030, 1, 1, 4, 30));
    const test = await liveTest({ opensAt, entryMinutes: 3, durationMinutes: 30 });
    const attempts: string[] = [];
    for (const [i, user] of users.entries()) {
      await registerRow(user.id, test.exam.id, `Name ${i}`, options.anonymous?.includes(i));
      const at = entryAt(test.schedule, test.exam.id, user.id);
      const session = await startAttempt(t.db, {
        viewer: asStudent(user.id),
        target: { kind: "live", id: test.exam.id },
        now: at,
      });
      attempts.push(session.attempt.id);
      await saveAnswers(t.db, {
        userId: user.id,
        attemptId: session.attempt.id,
        body: {
          answers: (choices[i] ?? []).map((choice, q) => ({
            questionId: test.questions[q]?.id ?? "",
            selectedAnswer: choice,
            markedForReview: false,
            clientSeq: q + 1,
          })),
        },
        now: at,
      });
      if (!options.leaveOpen?.includes(i))
        // Everyone takes exactly 10 minutes, so equal scores tie.
        await submitAttempt(t.db, {
          userId: user.id,
          attemptId: session.attempt.id,
          now: new Date(at.getTime() + 10 * MINUTE),
        });
    }
    return { ...test, attempts };
  }

  it("keeps the result sealed until publication, then ranks everyone with ties and NTA percentiles", async () => {
    const users = [
      student,
      other,
      await t.createUser(),
      await t.createUser(),
      await t.createUser(),
    ];
    // Keys cycle A, B, C, D: scores 4, 3, 3, 1 (negative marking) and one left open with 2 right.
    const run = await sitting(
      users,
      [
        ["A", "B", "C", "D"],
        ["A", "B", "C", "A"],
        ["A", "B", "C", "A"],
        ["A", "A", "A", "A"],
        ["A", "B"],
      ],
      { leaveOpen: [4], anonymous: [1] },
    );
    const examId = run.exam.id;
    const sealed = await t.request(`/api/attempts/${run.attempts[0]}`, { cookie: student.cookie });
    const view = (await sealed.json()) as {
      sealedUntil: string | null;
      answers: unknown[];
      attempt: { score: number | null };
    };
    expect(view.sealedUntil).toBe(closesAt(run.schedule).toISOString());
    expect(view.answers).toEqual([]);
    expect(view.attempt.score).toBeNull();
    expect(JSON.stringify(view)).not.toContain("correctAnswer");
    const analysis = await t.request(`/api/attempts/${run.attempts[0]}/analysis`, {
      cookie: student.cookie,
    });
    expect(analysis.status).toBe(409);
    const results = await t.request("/api/results", { cookie: student.cookie });
    const mine = (await results.json()) as { items: { targetId: string }[] };
    expect(mine.items.some((i) => i.targetId === examId)).toBe(false);

    // Not due before the close (plus the grace); then the sweeper grades the open one and publishes.
    const close = closesAt(run.schedule);
    await publishDueLiveTests(t.db, new Date(close.getTime() - 1000));
    expect(await publishedAt(examId)).toBeNull();
    const after = new Date(close.getTime() + 20_000);
    await publishDueLiveTests(t.db, after);
    expect(await publishedAt(examId)).toBeNull(); // one attempt still open
    await finalizeExpiredAttempts(t.db, after);
    await publishDueLiveTests(t.db, after);
    expect(await publishedAt(examId)).toEqual(after);
    await publishDueLiveTests(t.db, new Date(after.getTime() + 60_000));
    expect(await publishedAt(examId)).toEqual(after); // once
    // The count is frozen by the publication.
    const [frozen] = await t.db.select().from(liveTests).where(eq(liveTests.examId, examId));
    expect(frozen?.registeredCount).toBe(users.length);
    expect(await adminCount(examId)).toBe(users.length);

    const rows = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, examId));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(users.map((u) => byUser.get(u.id)?.rank)).toEqual([1, 2, 2, 5, 4]);
    // NTA: 100 × students at or below ÷ 5.
    expect(users.map((u) => Number(byUser.get(u.id)?.percentile))).toEqual([100, 80, 80, 20, 40]);
    expect(rows.every((r) => !r.late)).toBe(true);

    const room = await t.request(`/api/live-tests/${examId}`, { cookie: other.cookie });
    expect(room.status).toBe(200);
    // The cache shows publication within its lifetime; read the service's answer through a new instance.
    const fresh = await t.request(`/api/live-tests/${examId}`, {
      cookie: other.cookie,
      app: t.createInstance(),
    });
    const body = (await fresh.json()) as {
      live: { phase: string };
      me: { result: { rank: number; of: number; percentile: number; late: boolean } };
    };
    expect(body.live.phase).toBe("published");
    expect(body.me.result).toMatchObject({ rank: 2, of: 5, percentile: 80, late: false });

    const board = await t.request(`/api/live-tests/${examId}/leaderboard`, {
      cookie: student.cookie,
      app: t.createInstance(),
    });
    const leaders = (await board.json()) as { items: { rank: number; name: string | null }[] };
    expect(leaders.items.map((i) => i.rank)).toEqual([1, 2, 2, 4, 5]);
    expect(leaders.items[0]?.name).toBe("Name 0");
    // The student who opted out shows as Anonymous (null).
    expect(leaders.items.filter((i) => i.name === null)).toHaveLength(1);
    expect(JSON.stringify(leaders)).not.toContain(other.email);

    const open = await t.request(`/api/attempts/${run.attempts[0]}`, { cookie: student.cookie });
    const review = (await open.json()) as { sealedUntil: null; answers: unknown[] };
    expect(review.sealedUntil).toBeNull();
    expect(review.answers).toHaveLength(4);
  });

  it("ranks an attempt graded after publication against the published distribution, marked late, and changes nobody else's", async () => {
    const users = [student, other, await t.createUser()];
    const opensAt = new Date(Date.UTC(2030, 2, 1, 4, 30));
    const test = await liveTest({
      opensAt,
      entryMinutes: 3,
      durationMinutes: 30,
      resultsAt: new Date(opensAt.getTime() + 40 * MINUTE),
    });
    const ids: string[] = [];
    for (const user of users) {
      await registerRow(user.id, test.exam.id);
      const at = entryAt(test.schedule, test.exam.id, user.id);
      const s = await startAttempt(t.db, {
        viewer: asStudent(user.id),
        target: { kind: "live", id: test.exam.id },
        now: at,
      });
      ids.push(s.attempt.id);
    }
    const choose = async (i: number, choices: OptionKey[]) =>
      saveAnswers(t.db, {
        userId: users[i]?.id ?? "",
        attemptId: ids[i] ?? "",
        body: {
          answers: choices.map((c, q) => ({
            questionId: test.questions[q]?.id ?? "",
            selectedAnswer: c,
            markedForReview: false,
            clientSeq: q + 1,
          })),
        },
        now: opensAt,
      });
    await choose(0, ["A", "B", "C", "D"]);
    await choose(1, ["A", "A", "A", "A"]);
    await choose(2, ["A", "B", "C", "A"]);
    for (const i of [0, 1])
      await submitAttempt(t.db, {
        userId: users[i]?.id ?? "",
        attemptId: ids[i] ?? "",
        now: new Date(opensAt.getTime() + 10 * MINUTE),
      });
    // The third student's attempt runs past the results time (as extra time would).
    await t.db
      .update(examAttempts)
      .set({ deadlineAt: new Date(opensAt.getTime() + 50 * MINUTE) })
      .where(eq(examAttempts.id, ids[2] ?? ""));
    const published = new Date(opensAt.getTime() + 41 * MINUTE);
    await publishDueLiveTests(t.db, published);
    expect(await publishedAt(test.exam.id)).toEqual(published);
    const before = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, test.exam.id));
    expect(before).toHaveLength(2);

    await submitAttempt(t.db, {
      userId: users[2]?.id ?? "",
      attemptId: ids[2] ?? "",
      now: new Date(opensAt.getTime() + 45 * MINUTE),
    });
    const after = await t.db
      .select()
      .from(liveTestResults)
      .where(eq(liveTestResults.examId, test.exam.id));
    const late = after.find((r) => r.attemptId === ids[2]);
    // Score 3 of 4 sits between the published 4 and 1: rank 2, 50% at or below.
    expect(late).toMatchObject({ late: true, rank: 2 });
    expect(Number(late?.percentile)).toBe(50);
    for (const row of before) expect(after.find((r) => r.attemptId === row.attemptId)).toEqual(row);
    const [live] = await t.db.select().from(liveTests).where(eq(liveTests.examId, test.exam.id));
    expect(live?.publishedCount).toBe(2);
  });

  it("keeps the exam's key sealed before publication: no ordinary attempt, no practice questions", async () => {
    const { exam, questions: examQuestions } = await liveTest({
      opensAt: new Date(Date.now() + 60 * MINUTE),
      questionCount: 5,
    });
    const [subject] = await t.db
      .insert(subjects)
      .values({ name: `Sealed ${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    await t.db
      .update(questions)
      .set({ subjectId: subject?.id })
      .where(eq(questions.examId, exam.id));
    const ordinaryAttempts = () =>
      t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam.id));
    const setsOfStudent = () =>
      t.db.select().from(questionSets).where(eq(questionSets.userId, student.id));
    const practice = { subjectIds: [subject?.id], sources: ["mock"], questionCount: 5 };
    const setsBefore = await setsOfStudent();

    // The exam's own start screen is the waiting room; its ordinary start is refused.
    const ordinary = await t.request(`/api/exams/${exam.id}/attempts`, {
      cookie: student.cookie,
      method: "POST",
    });
    expect(ordinary.status).toBe(409);
    expect((await ordinary.json()).error.message).toBe(LIVE_MESSAGES.takeLive);
    expect(await ordinaryAttempts()).toEqual([]);
    // Its questions are not drawn into a practice test (whose review would show the key).
    const drawn = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(drawn.status).toBe(422);
    expect(await setsOfStudent()).toEqual(setsBefore);

    // Once the results are out, it is an exam like any other.
    await t.db
      .update(liveTests)
      .set({ publishedAt: new Date() })
      .where(eq(liveTests.examId, exam.id));
    const built = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(built.status).toBe(201);
    const items = await t.db
      .select({ questionId: questionSetItems.questionId })
      .from(questionSetItems)
      .where(eq(questionSetItems.setId, (await built.json()).id));
    expect(items.map((i) => i.questionId).sort()).toEqual(examQuestions.map((q) => q.id).sort());
    const opened = await t.request(`/api/exams/${exam.id}/attempts`, {
      cookie: student.cookie,
      method: "POST",
    });
    expect(opened.status).toBe(200);
    // With that attempt open, the answer-keys gate holds its questions from a new practice test.
    const whileOpen = await t.request("/api/practice", { cookie: student.cookie, body: practice });
    expect(whileOpen.status).toBe(422);
  });

  it("answers 404 for another student's live attempt and its analysis", async () => {
    const run = await sitting([student], [["A"]]);
    for (const path of [
      `/api/attempts/${run.attempts[0]}`,
      `/api/attempts/${run.attempts[0]}/analysis`,
    ]) {
      const response = await t.request(path, { cookie: other.cookie });
      expect(response.status).toBe(404);
    }
    const [row] = await t.db
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.liveTestId, run.exam.id), eq(examAttempts.userId, student.id)));
    expect(row?.completedAt).not.toBeNull();
  });
});
