import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ANSWER_GRACE_SECONDS } from "../../shared/exams.ts";
import { closesAt, type LiveSchedule } from "../../shared/live-tests.ts";
import type { Db } from "../db/client.ts";
import { examAttempts, liveTests } from "../db/schema/exams.ts";
import { finalizeExpiredAttempts } from "../modules/attempts/attempt-grading.ts";
import { publishDueLiveTests } from "../modules/attempts/live-results.ts";
import { createExamFixture } from "../test/fixtures.ts";
import { createTestContext, setupTestApp } from "../test/test-app.ts";
import { createTestClock } from "./test-clock.ts";

// The server's test clock (decision 049): with it, POST /api/test/clock moves the time every
// rule reads (the live tests' schedule, the engine's starts, saves and deadlines) and runs one
// sweep tick; without it the route does not exist.

const MINUTE = 60_000;
const clock = createTestClock();
const gradeAndPublish = async (db: Db, now: Date) => ({
  finalized: await finalizeExpiredAttempts(db, { now }),
  published: await publishDueLiveTests(db, now),
});

const { t, admin, student } = setupTestApp({
  users: { admin: "admin", student: "student" },
  testClock: {
    clock,
    tick: (now: Date): Promise<Record<string, number>> => gradeAndPublish(t.db, now),
  },
});

const moveClock = (body: unknown, cookie = admin.cookie) =>
  t.request("/api/test/clock", { cookie, body });

describe("without TEST_CLOCK", () => {
  const contexts: Awaited<ReturnType<typeof createTestContext>>[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("has no clock route: 404, and the time stays the wall clock's", async () => {
    const plain = await createTestContext();
    contexts.push(plain);
    const someone = await plain.createUser("admin");
    const response = await plain.request("/api/test/clock", {
      cookie: someone.cookie,
      body: { offsetMs: 3_600_000 },
    });
    expect(response.status).toBe(404);
    const list = await plain.request("/api/live-tests");
    const { serverNow } = (await list.json()) as { serverNow: string };
    expect(Math.abs(Date.parse(serverNow) - Date.now())).toBeLessThan(60_000);
  });
});

describe("POST /api/test/clock", () => {
  it("refuses students and bad input, and leaves the clock where it was", async () => {
    expect((await moveClock({ offsetMs: MINUTE }, student.cookie)).status).toBe(403);
    expect((await t.request("/api/test/clock", { body: { offsetMs: MINUTE } })).status).toBe(401);
    for (const body of [
      {},
      { offsetMs: MINUTE, advanceToIso: new Date().toISOString() },
      { offsetMs: "soon" },
      { offsetMs: 1.5 },
      { offsetMs: 10 ** 15 },
      { advanceToIso: "tomorrow" },
      { advanceToIso: "9999-01-01T00:00:00Z" },
      { offsetMs: 0, surprise: true },
    ]) {
      const response = await moveClock(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(clock.offsetMs()).toBe(0);
  });

  it("moves every live rule's time, and its tick grades and publishes at the new time", async () => {
    try {
      const { exam, questions } = await createExamFixture(t.db, {
        questionCount: 2,
        timeLimitSeconds: 60,
      });
      const opensAt = new Date(clock.now().getTime() + 10 * MINUTE);
      const scheduled = await t.request("/api/admin/live-tests", {
        cookie: admin.cookie,
        body: { examId: exam.id, opensAt: opensAt.toISOString(), entryMinutes: 3 },
      });
      expect(scheduled.status).toBe(201);
      const registered = await t.request(`/api/live-tests/${exam.id}/registration`, {
        cookie: student.cookie,
        body: { displayName: "Asha" },
      });
      expect(registered.status).toBe(200);
      const room = async () =>
        (await (
          await t.request(`/api/live-tests/${exam.id}`, { cookie: student.cookie })
        ).json()) as {
          live: { phase: string; closesAt: string };
          me: { entryAt: string; result: { rank: number; percentile: number } | null };
          serverNow: string;
        };
      const before = await room();
      expect(before.live.phase).toBe("upcoming");
      const start = () =>
        t.request(`/api/live-tests/${exam.id}/attempts`, { cookie: student.cookie, body: {} });
      expect((await start()).status).toBe(409);

      // To the student's staggered entry time: the start is let in, on the moved clock.
      const entryAt = new Date(before.me.entryAt);
      const moved = await moveClock({ advanceToIso: entryAt.toISOString() });
      expect(moved.status).toBe(200);
      const answer = (await moved.json()) as { now: string; offsetMs: number; tick: object };
      expect(Date.parse(answer.now) - entryAt.getTime()).toBeLessThan(1_000);
      expect(answer.tick).toEqual({ finalized: 0, published: 0 });
      expect(Math.abs(Date.parse((await room()).serverNow) - entryAt.getTime())).toBeLessThan(
        5_000,
      );
      const started = await start();
      expect(started.status).toBe(200);
      const session = (await started.json()) as {
        attempt: { id: string; startedAt: string; deadlineAt: string };
        serverNow: string;
      };
      // The session's clock is the server's (the client counts down on it), and so is the start.
      expect(Math.abs(Date.parse(session.serverNow) - entryAt.getTime())).toBeLessThan(5_000);
      expect(Date.parse(session.attempt.startedAt)).toBeGreaterThanOrEqual(entryAt.getTime());
      const saved = await t.request(`/api/attempts/${session.attempt.id}/answers`, {
        cookie: student.cookie,
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
      expect(saved.status).toBe(200);

      // Past the close and the grace: the tick grades the attempt left open and publishes.
      const schedule: LiveSchedule = {
        opensAt,
        entryMinutes: 3,
        durationMinutes: 1,
        resultsAt: null,
      };
      const after = new Date(closesAt(schedule).getTime() + (ANSWER_GRACE_SECONDS + 1) * 1000);
      const published = await moveClock({ advanceToIso: after.toISOString() });
      expect(((await published.json()) as { tick: object }).tick).toEqual({
        finalized: 1,
        published: 1,
      });
      const [row] = await t.db.select().from(liveTests).where(eq(liveTests.examId, exam.id));
      expect(row?.publishedAt?.getTime()).toBeGreaterThanOrEqual(after.getTime());
      const [attempt] = await t.db
        .select()
        .from(examAttempts)
        .where(eq(examAttempts.id, session.attempt.id));
      expect(attempt?.completedAt).not.toBeNull();
      // The jump left nothing cached from before it: the room shows the rank at once.
      const result = await room();
      expect(result.live.phase).toBe("published");
      expect(result.me.result).toMatchObject({ rank: 1, percentile: 100 });
    } finally {
      await moveClock({ offsetMs: 0 });
    }
    expect(clock.offsetMs()).toBe(0);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
