import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  LiveTestListQuery,
  liveRegistrationSchema,
  liveTestInputSchema,
} from "../../../shared/live-test-schemas.ts";
import {
  closesAt,
  entryAt,
  entryClosesAt,
  LIVE_LEADERBOARD_SIZE,
  LIVE_MESSAGES,
  type LivePhase,
  livePhase,
} from "../../../shared/live-tests.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db } from "../../db/client.ts";
import {
  examAttempts,
  exams,
  liveTests,
  questionSetItems,
  questions,
} from "../../db/schema/exams.ts";
import { liveTestRegistrations, liveTestResults } from "../../db/schema/live-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from "../../lib/db-errors.ts";
import { getLiveStanding } from "../attempts/live-results.ts";
import { assertCanStart } from "../entitlements/entitlement.ts";
import { type LiveCache, type LiveEntry, registeredCountSql } from "./live-cache.ts";

type ScheduleInput = z.output<typeof liveTestInputSchema>;
type RegistrationInput = z.output<typeof liveRegistrationSchema>;

const notFound = () => new AppError("NOT_FOUND", LIVE_MESSAGES.notFound);

/** What every card and the waiting room say about a live test (no key, nothing personal). */
function publicView(e: LiveEntry, now: Date) {
  const s = e;
  return {
    examId: e.examId,
    title: e.title,
    description: e.description,
    isFree: e.isFree,
    questionCount: Number(e.questionCount),
    durationMinutes: e.durationMinutes,
    entryMinutes: e.entryMinutes,
    passingMarks: e.passingMarks,
    marksPerQuestion: e.marksPerQuestion === null ? null : Number(e.marksPerQuestion),
    negativeMarkFraction: e.negativeMarkFraction === null ? null : Number(e.negativeMarkFraction),
    opensAt: e.opensAt.toISOString(),
    entryClosesAt: entryClosesAt(s).toISOString(),
    closesAt: closesAt(s).toISOString(),
    resultsAt: (e.resultsAt ?? closesAt(s)).toISOString(),
    registeredCount: e.registeredCount,
    publishedCount: e.publishedCount,
    phase: livePhase({ ...s, publishedAt: e.publishedAt }, now),
  };
}
export type LiveTestCard = ReturnType<typeof publicView>;

/**
 * The student's side of a card: registered or not, their staggered entry time, and, only while
 * the test is open or awaiting its results, whether they have started (`open`) or submitted it
 * (null when not read: before it opens, after publication, or not registered).
 */
export type LiveListMe = {
  registered: boolean;
  entryAt: string;
  attempt: "none" | "open" | "completed" | null;
};

const UNDER_WAY: ReadonlySet<LivePhase> = new Set(["entry", "running", "closed"]);

export type ListLiveTestsInput = {
  cache: LiveCache;
  viewer: Pick<Viewer, "userId" | "role"> | null;
  now: Date;
};

/**
 * The live tests still to come, under way or published in the horizon (the cards on the student
 * dashboard), from the instance's cache. For a student each card also says where they stand:
 * their registrations come from the cache too (a "not registered" is read at most once per test
 * every few seconds), so before a test opens and after it is published a student's list costs
 * no database read; while a test they registered for is open or awaiting its results, one
 * indexed read of their attempts at those tests (as the waiting room reads theirs).
 */
export async function listLiveTests(db: Db, { cache, viewer, now }: ListLiveTestsInput) {
  const entries = await cache.list();
  const views = entries.map((e) => publicView(e, now));
  const serverNow = now.toISOString();
  if (viewer?.role !== "student")
    return { items: views.map((v) => ({ ...v, me: null as LiveListMe | null })), serverNow };
  const { userId } = viewer;
  const registrations = await cache.registrations(
    entries.map((e) => e.examId),
    userId,
  );
  const underWay = views
    .filter((v) => registrations.has(v.examId) && UNDER_WAY.has(v.phase))
    .map((v) => v.examId);
  const attempts = new Map<string, "open" | "completed">();
  if (underWay.length > 0) {
    const rows = await db
      .select({ examId: examAttempts.liveTestId, completedAt: examAttempts.completedAt })
      .from(examAttempts)
      .where(and(inArray(examAttempts.liveTestId, underWay), eq(examAttempts.userId, userId)));
    for (const row of rows)
      if (row.examId) attempts.set(row.examId, row.completedAt ? "completed" : "open");
  }
  const items = entries.map((entry, i) => {
    const view = views[i] as LiveTestCard;
    const registered = registrations.has(entry.examId);
    const me: LiveListMe = {
      registered,
      entryAt: entryAt(entry, entry.examId, userId).toISOString(),
      attempt:
        registered && UNDER_WAY.has(view.phase) ? (attempts.get(entry.examId) ?? "none") : null,
    };
    return { ...view, me: me as LiveListMe | null };
  });
  return { items, serverNow };
}

export type GetLiveRoomInput = {
  cache: LiveCache;
  viewer: Pick<Viewer, "userId" | "role">;
  examId: string;
  now: Date;
};

/**
 * The waiting room at `/exam/{id}` (decision 047): the schedule, the student's registration and
 * staggered entry time, all from the instance's cache (no database read while the test is still
 * to open); once it is open, the student's attempt; once published, their rank. Null `live` for
 * an exam that is not a live test.
 */
export async function getLiveRoom(db: Db, { cache, viewer, examId, now }: GetLiveRoomInput) {
  const entry = await cache.get(examId);
  if (!entry) return { live: null, serverNow: now.toISOString() };
  const view = publicView(entry, now);
  const registration = await cache.registration(examId, viewer.userId);
  const s = entry;
  let attempt: { id: string; completed: boolean; deadlineAt: string } | null = null;
  if (view.phase !== "upcoming") {
    const [row] = await db
      .select({
        id: examAttempts.id,
        completedAt: examAttempts.completedAt,
        deadlineAt: examAttempts.deadlineAt,
      })
      .from(examAttempts)
      .where(and(eq(examAttempts.liveTestId, examId), eq(examAttempts.userId, viewer.userId)));
    if (row)
      attempt = {
        id: row.id,
        completed: row.completedAt !== null,
        deadlineAt: row.deadlineAt.toISOString(),
      };
  }
  const standing =
    view.phase === "published" && attempt
      ? await getLiveStanding(db, { examId, userId: viewer.userId })
      : null;
  return {
    live: view,
    me: {
      registered: registration !== null,
      displayName: registration?.displayName ?? null,
      anonymous: registration?.anonymous ?? false,
      entryAt: entryAt(s, examId, viewer.userId).toISOString(),
      attempt,
      result: standing
        ? {
            rank: standing.position,
            of: standing.of,
            percentile: standing.percentile,
            score: standing.score,
            averageScore: standing.averageScore,
            topTenAverageScore: standing.topTenAverageScore,
            late: standing.late,
            attemptId: standing.attemptId,
          }
        : null,
    },
    serverNow: now.toISOString(),
  };
}
export type LiveRoom = Awaited<ReturnType<typeof getLiveRoom>>;

/** The registration row: the new one, or the first one kept (its name too). */
async function insertRegistration(
  db: Db,
  userId: string,
  examId: string,
  input: RegistrationInput,
  now: Date,
) {
  let created: typeof liveTestRegistrations.$inferSelect | undefined;
  try {
    [created] = await db
      .insert(liveTestRegistrations)
      .values({
        examId,
        userId,
        displayName: input.displayName,
        anonymous: input.anonymous,
        registeredAt: now,
      })
      .onConflictDoNothing()
      .returning();
  } catch (error) {
    // The live test was cancelled between registerForLiveTest's read of it and this insert.
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound();
    throw error;
  }
  if (created) return { ...created, isNew: true };
  const [existing] = await db
    .select()
    .from(liveTestRegistrations)
    .where(and(eq(liveTestRegistrations.examId, examId), eq(liveTestRegistrations.userId, userId)));
  if (!existing) throw new AppError("CONFLICT", LIVE_MESSAGES.startConflict);
  return { ...existing, isNew: false };
}

export type RegisterForLiveTestInput = {
  cache: LiveCache;
  viewer: Pick<Viewer, "userId" | "role">;
  examId: string;
  input: RegistrationInput;
  now: Date;
};

/**
 * Registers the student (idempotent: a second registration keeps the first and its name), before
 * the entry window closes. A premium exam's live test needs the plan the exam needs.
 */
export async function registerForLiveTest(
  db: Db,
  { cache, viewer, examId, input, now }: RegisterForLiveTestInput,
) {
  // No transaction and no counter row: a burst of registrations must not queue on one row's lock
  // while holding pool connections (bench:live at 3,000 did). The count is the registrations'
  // own (live-cache.ts `registeredCountSql`), read with the schedule.
  const [row] = await db
    .select({ live: liveTests, isFree: exams.isFree })
    .from(liveTests)
    .innerJoin(exams, eq(exams.id, liveTests.examId))
    .where(eq(liveTests.examId, examId));
  if (!row) throw notFound();
  if (now >= entryClosesAt(row.live))
    throw new AppError("CONFLICT", LIVE_MESSAGES.registrationClosed);
  await assertCanStart(db, {
    viewer,
    content: { kind: "exam", id: examId, isFree: row.isFree },
    now,
  });
  const registration = await insertRegistration(db, viewer.userId, examId, input, now);
  if (registration.isNew) cache.countRegistration(examId);
  cache.remember(examId, viewer.userId, {
    displayName: registration.displayName,
    anonymous: registration.anonymous,
  });
  return {
    registered: true,
    displayName: registration.displayName,
    anonymous: registration.anonymous,
  };
}

export type GetLeaderboardInput = {
  cache: LiveCache;
  examId: string;
};

/**
 * The top of the published ranks: each student's chosen name, or "Anonymous" for those who opted
 * out (the client translates it). Nothing before publication.
 */
export async function getLeaderboard(db: Db, { cache, examId }: GetLeaderboardInput) {
  const entry = await cache.get(examId);
  if (!entry) throw notFound();
  if (!entry.publishedAt) return { published: false, items: [] };
  const rows = await db
    .select({
      rank: liveTestResults.rank,
      score: liveTestResults.score,
      percentile: liveTestResults.percentile,
      displayName: liveTestRegistrations.displayName,
      anonymous: liveTestRegistrations.anonymous,
    })
    .from(liveTestResults)
    .leftJoin(
      liveTestRegistrations,
      and(
        eq(liveTestRegistrations.examId, liveTestResults.examId),
        eq(liveTestRegistrations.userId, liveTestResults.userId),
      ),
    )
    .where(and(eq(liveTestResults.examId, examId), sql`not ${liveTestResults.late}`))
    .orderBy(asc(liveTestResults.rank), asc(liveTestResults.attemptId))
    .limit(LIVE_LEADERBOARD_SIZE);
  return {
    published: true,
    items: rows.map((r, index) => ({
      /** The row's place in the list (ties share a rank, not a place). */
      place: index + 1,
      rank: r.rank,
      score: Number(r.score),
      percentile: Number(r.percentile),
      name: r.anonymous || !r.displayName ? null : r.displayName,
    })),
  };
}

// ---- Admins ----

async function assertSchedulable(db: Db, raw: ScheduleInput, now: Date) {
  const input = {
    ...raw,
    opensAt: new Date(raw.opensAt),
    resultsAt: raw.resultsAt ? new Date(raw.resultsAt) : null,
  };
  const [exam] = await db
    .select({ timeLimitSeconds: exams.timeLimitSeconds })
    .from(exams)
    .where(eq(exams.id, input.examId));
  if (!exam) throw new AppError("NOT_FOUND", "Exam not found.");
  const [questionTotal] = await db
    .select({ n: count() })
    .from(questions)
    .where(eq(questions.examId, input.examId));
  if (!questionTotal?.n)
    throw new AppError("VALIDATION_FAILED", "Exam data could not be loaded or no questions found.");
  if (input.opensAt <= now) throw new AppError("VALIDATION_FAILED", LIVE_MESSAGES.inPast);
  // A live test ranks students who meet its questions for the first time: an exam someone has
  // already taken, or whose questions were drawn into a practice test, has had its key shown
  // (in that attempt's review) before the test.
  const [taken] = await db
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(eq(examAttempts.examId, input.examId))
    .limit(1);
  const [drawn] = taken
    ? []
    : await db
        .select({ id: questionSetItems.setId })
        .from(questions)
        .innerJoin(questionSetItems, eq(questionSetItems.questionId, questions.id))
        .where(eq(questions.examId, input.examId))
        .limit(1);
  if (taken || drawn) throw new AppError("CONFLICT", LIVE_MESSAGES.examSeen);
  const durationMinutes =
    input.durationMinutes ?? Math.max(1, Math.round(exam.timeLimitSeconds / 60));
  const schedule = {
    opensAt: input.opensAt,
    entryMinutes: input.entryMinutes,
    durationMinutes,
    resultsAt: input.resultsAt ?? null,
  };
  if (schedule.resultsAt && schedule.resultsAt < closesAt(schedule))
    throw new AppError("VALIDATION_FAILED", LIVE_MESSAGES.overlaps);
  return schedule;
}

export type ScheduleLiveTestInput = {
  cache: LiveCache;
  input: ScheduleInput;
  now: Date;
};

/** Schedules an exam as a live test (one schedule per exam). */
export async function scheduleLiveTest(db: Db, { cache, input, now }: ScheduleLiveTestInput) {
  const schedule = await assertSchedulable(db, input, now);
  const [created] = await db
    .insert(liveTests)
    .values({ examId: input.examId, ...schedule, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError("CONFLICT", LIVE_MESSAGES.alreadyScheduled);
  cache.invalidate();
  return { examId: created.examId };
}

export type UpdateLiveTestInput = {
  cache: LiveCache;
  examId: string;
  input: ScheduleInput;
  now: Date;
};

/** Changes a schedule until the test opens; after that it is fixed. */
export async function updateLiveTest(db: Db, { cache, examId, input, now }: UpdateLiveTestInput) {
  if (input.examId !== examId)
    throw new AppError("VALIDATION_FAILED", "The exam cannot be changed.");
  const schedule = await assertSchedulable(db, input, now);
  const updated = await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(liveTests)
      .where(eq(liveTests.examId, examId))
      .for("update");
    if (!live) throw notFound();
    if (live.opensAt <= now) throw new AppError("CONFLICT", LIVE_MESSAGES.opened);
    await tx
      .update(liveTests)
      .set({ ...schedule, updatedAt: now })
      .where(eq(liveTests.examId, examId));
    return examId;
  });
  cache.invalidate();
  return { examId: updated };
}

export type DeleteLiveTestInput = {
  cache: LiveCache;
  examId: string;
  now: Date;
};

/** Cancels a live test before it opens (its registrations go with it). */
export async function deleteLiveTest(db: Db, { cache, examId, now }: DeleteLiveTestInput) {
  await db.transaction(async (tx) => {
    const [live] = await tx
      .select()
      .from(liveTests)
      .where(eq(liveTests.examId, examId))
      .for("update");
    if (!live) throw notFound();
    if (live.opensAt <= now) throw new AppError("CONFLICT", LIVE_MESSAGES.opened);
    await tx.delete(liveTests).where(eq(liveTests.examId, examId));
  });
  cache.invalidate();
  return { examId };
}

export type ListLiveTestsForAdminInput = {
  query: LiveTestListQuery;
  now: Date;
};

/** The admin list: every live test, newest opening first, with its counts. */
export async function listLiveTestsForAdmin(db: Db, { query, now }: ListLiveTestsForAdminInput) {
  const where = query.search ? ilike(exams.title, `%${query.search}%`) : undefined;
  const started = sql<number>`(select count(*)::int from ${examAttempts} a where a.live_test_id = ${liveTests.examId})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ live: liveTests, title: exams.title, started, registered: registeredCountSql })
      .from(liveTests)
      .innerJoin(exams, eq(exams.id, liveTests.examId))
      .where(where)
      .orderBy(desc(liveTests.opensAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(liveTests)
      .innerJoin(exams, eq(exams.id, liveTests.examId))
      .where(where),
  ]);
  const items = rows.map(({ live, title, started: attempts, registered }) => {
    const s = live;
    return {
      id: live.examId,
      examId: live.examId,
      title,
      opensAt: live.opensAt.toISOString(),
      entryMinutes: live.entryMinutes,
      durationMinutes: live.durationMinutes,
      resultsAt: live.resultsAt?.toISOString() ?? null,
      closesAt: closesAt(s).toISOString(),
      registeredCount: Number(registered),
      startedCount: Number(attempts),
      publishedAt: live.publishedAt?.toISOString() ?? null,
      phase: livePhase({ ...s, publishedAt: live.publishedAt }, now),
    };
  });
  return pageOf(items, total, query);
}
