import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { exams, liveTests } from "../../db/schema/exams.ts";
import { liveTestRegistrations } from "../../db/schema/live-tests.ts";
import { examQuestionCount } from "../exams/exam-sql.ts";

/**
 * The per-instance copy of the live tests' schedule and of students' registrations (decision
 * 047): the waiting room and the live list are served from it, so a student refreshing the
 * waiting room forty times costs no database read, and 25,000 of them cost one read of the
 * schedule per instance every few seconds.
 *
 * - The schedule (every live test that opened in the last 30 days or is still to open, with
 *   its exam's title and question count) is one statement, kept `SCHEDULE_TTL_MS`; a change
 *   made on this instance replaces it at once, and other instances see it within the TTL (as
 *   the settings row, decision 025).
 * - A registration, once made, is never withdrawn, so a student's "registered" is kept for as
 *   long as the instance runs (up to `MAX_REGISTRATIONS` entries, then the oldest go); a "not
 *   registered" is kept `SCHEDULE_TTL_MS` (a registration through another instance shows within
 *   it), and a registration through this one replaces it at once.
 */
export const SCHEDULE_TTL_MS = 5_000;
export const SCHEDULE_HORIZON_DAYS = 30;
const MAX_REGISTRATIONS = 200_000;

/**
 * How many students registered for a live test: counted from the registrations (an index-only
 * count on their primary key) while the test is unpublished, so registering updates no shared
 * row; frozen into `live_tests.registered_count` by the publication, after which it never
 * changes. Read with the schedule, once per instance every `SCHEDULE_TTL_MS`.
 */
export const registeredCountSql = sql<number>`case when ${liveTests.publishedAt} is null
  then (select count(*)::int from ${liveTestRegistrations} r where r.exam_id = ${liveTests.examId})
  else ${liveTests.registeredCount} end`;

export type LiveEntry = Awaited<ReturnType<typeof readSchedule>>[number];
export type CachedRegistration = { displayName: string; anonymous: boolean };

async function readSchedule(db: Db, now: Date) {
  const horizon = new Date(now.getTime() - SCHEDULE_HORIZON_DAYS * 24 * 3600 * 1000);
  return db
    .select({
      examId: liveTests.examId,
      title: exams.title,
      description: exams.description,
      isFree: exams.isFree,
      passingMarks: exams.passingMarks,
      marksPerQuestion: exams.marksPerQuestion,
      negativeMarkFraction: exams.negativeMarkFraction,
      questionCount: examQuestionCount,
      opensAt: liveTests.opensAt,
      entryMinutes: liveTests.entryMinutes,
      durationMinutes: liveTests.durationMinutes,
      resultsAt: liveTests.resultsAt,
      registeredCount: registeredCountSql,
      publishedAt: liveTests.publishedAt,
      publishedCount: liveTests.publishedCount,
    })
    .from(liveTests)
    .innerJoin(exams, eq(exams.id, liveTests.examId))
    .where(gt(liveTests.opensAt, horizon))
    .orderBy(liveTests.opensAt);
}

export type LiveCache = ReturnType<typeof createLiveCache>;

export function createLiveCache(db: Db, clock: () => number = Date.now) {
  type Schedule = { byExam: Map<string, LiveEntry>; list: LiveEntry[]; at: number };
  let schedule: Schedule | null = null;
  let loading: Promise<Schedule> | null = null;
  let generation = 0;
  const registered = new Map<string, CachedRegistration>();
  const notRegistered = new Map<string, number>();
  const key = (examId: string, userId: string) => `${examId}:${userId}`;

  async function current(): Promise<Schedule> {
    const age = schedule ? clock() - schedule.at : -1;
    if (schedule && age >= 0 && age < SCHEDULE_TTL_MS) return schedule;
    if (!loading) {
      const startedAt = generation;
      const readAt = clock();
      loading = readSchedule(db, new Date(readAt))
        .then((list) => {
          const value: Schedule = {
            byExam: new Map(list.map((e) => [e.examId, e])),
            list,
            at: readAt,
          };
          if (generation === startedAt) schedule = value;
          return value;
        })
        .finally(() => {
          if (generation === startedAt) loading = null;
        });
    }
    return loading;
  }

  return {
    /** The live test scheduled for this exam, or null (an ordinary exam). */
    async get(examId: string): Promise<LiveEntry | null> {
      return (await current()).byExam.get(examId) ?? null;
    },
    /** Every live test of the horizon, soonest first. */
    async list(): Promise<LiveEntry[]> {
      return (await current()).list;
    },
    /** Drops the copy (a schedule saved or published on this instance). */
    invalidate() {
      generation += 1;
      schedule = null;
      loading = null;
    },
    async registration(examId: string, userId: string): Promise<CachedRegistration | null> {
      const k = key(examId, userId);
      const known = registered.get(k);
      if (known) return known;
      const checkedAt = notRegistered.get(k);
      const age = checkedAt === undefined ? -1 : clock() - checkedAt;
      if (age >= 0 && age < SCHEDULE_TTL_MS) return null;
      const [row] = await db
        .select({
          displayName: liveTestRegistrations.displayName,
          anonymous: liveTestRegistrations.anonymous,
        })
        .from(liveTestRegistrations)
        .where(
          and(eq(liveTestRegistrations.examId, examId), eq(liveTestRegistrations.userId, userId)),
        );
      if (row) this.remember(examId, userId, row);
      else {
        if (notRegistered.size >= MAX_REGISTRATIONS) notRegistered.clear();
        notRegistered.set(k, clock());
      }
      return row ?? null;
    },
    /**
     * The student's registrations among `examIds` (the live list's cards): those this instance
     * knows, and one statement for the rest, whose "not registered" is then kept as above.
     */
    async registrations(
      examIds: string[],
      userId: string,
    ): Promise<Map<string, CachedRegistration>> {
      const found = new Map<string, CachedRegistration>();
      const unknown: string[] = [];
      for (const examId of examIds) {
        const k = key(examId, userId);
        const known = registered.get(k);
        if (known) {
          found.set(examId, known);
          continue;
        }
        const checkedAt = notRegistered.get(k);
        const age = checkedAt === undefined ? -1 : clock() - checkedAt;
        if (!(age >= 0 && age < SCHEDULE_TTL_MS)) unknown.push(examId);
      }
      if (unknown.length === 0) return found;
      const rows = await db
        .select({
          examId: liveTestRegistrations.examId,
          displayName: liveTestRegistrations.displayName,
          anonymous: liveTestRegistrations.anonymous,
        })
        .from(liveTestRegistrations)
        .where(
          and(
            eq(liveTestRegistrations.userId, userId),
            inArray(liveTestRegistrations.examId, unknown),
          ),
        );
      const checkedAt = clock();
      for (const { examId, ...registration } of rows) {
        this.remember(examId, userId, registration);
        found.set(examId, registration);
      }
      for (const examId of unknown) {
        if (found.has(examId)) continue;
        if (notRegistered.size >= MAX_REGISTRATIONS) notRegistered.clear();
        notRegistered.set(key(examId, userId), checkedAt);
      }
      return found;
    },
    /**
     * A registration made through this instance: its copy of the count goes up at once, so the
     * student sees themselves counted (other instances' copies catch up within the TTL).
     */
    countRegistration(examId: string) {
      const entry = schedule?.byExam.get(examId);
      if (entry) entry.registeredCount += 1;
    },
    remember(examId: string, userId: string, registration: CachedRegistration) {
      const k = key(examId, userId);
      notRegistered.delete(k);
      if (registered.size >= MAX_REGISTRATIONS) {
        // The oldest entries first (a Map keeps insertion order).
        const first = registered.keys().next().value;
        if (first !== undefined) registered.delete(first);
      }
      registered.set(k, registration);
    },
  };
}
