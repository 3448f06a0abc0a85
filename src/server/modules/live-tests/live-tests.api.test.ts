import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  closesAt,
  entryAt,
  LIVE_MESSAGES,
  staggerSeconds,
  startOffsetSeconds,
} from "../../../shared/live-tests.ts";
import { liveTests, questionSetItems, questionSets } from "../../db/schema/exams.ts";
import { createExamFixture } from "../../test/fixtures.ts";
import { countDatabaseCalls } from "../../test/query-counter.ts";
import { startAttempt, submitAttempt } from "../attempts/attempts.service.ts";
import { saveAnswers } from "../attempts/save-answers.ts";
import { setupLiveTestTests } from "./live-tests-fixture.ts";

const {
  t,
  admin,
  student,
  other,
  MINUTE,
  schedules,
  registrationsOf,
  attemptsOf,
  liveTest,
  register,
  registerRow,
  adminCount,
  asStudent,
} = setupLiveTestTests();

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
