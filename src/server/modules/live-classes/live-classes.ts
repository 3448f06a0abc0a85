import { and, asc, count, desc, eq, gt, ilike, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  canJoinAt,
  JOIN_OPENS_MINUTES,
  LIVE_CLASS_MESSAGES,
  type LiveClassInput,
  type LiveClassWhen,
  liveClassStatus,
} from "../../../shared/live-classes.ts";
import { pageOf } from "../../../shared/page.ts";
import type { DbOrTx } from "../../db/client.ts";
import { videoLessons } from "../../db/schema/library.ts";
import {
  liveClassAttendance,
  liveClasses,
  liveClassReminders,
} from "../../db/schema/live-classes.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { containsPattern } from "../../lib/search.ts";
import { assertCanOpenStudyItem, loadStudyAccess } from "../entitlements/entitlement.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";

type Row = typeof liveClasses.$inferSelect;
type Names = { subjectName: string | null; topicName: string | null };
type ViewerRef = Pick<Viewer, "userId" | "role"> | null;

const names = { subjectName: subjects.name, topicName: topics.name };
/** The end of a class, in SQL. */
const endsAt = sql`${liveClasses.startsAt} + make_interval(mins => ${liveClasses.durationMinutes})`;

/**
 * A class as students and visitors see it. The join link itself is never here: the join route
 * checks access and redirects. The recording link is here only for those allowed to open it.
 */
function toStudentClass(
  row: Row,
  names: Names,
  state: { allowed: boolean; reminded: boolean; attended: boolean },
  now: Date,
) {
  const status = liveClassStatus(row.startsAt, row.durationMinutes, now);
  return {
    id: row.id,
    title: row.title,
    titleHi: row.titleHi,
    teacher: row.teacher,
    description: row.description,
    subjectId: row.subjectId,
    subjectName: names.subjectName,
    topicName: names.topicName,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    durationMinutes: row.durationMinutes,
    isFree: row.isFree,
    status,
    locked: !state.allowed,
    canJoin: state.allowed && canJoinAt(row.startsAt, row.durationMinutes, now),
    recordingUrl: state.allowed && status === "ended" ? row.recordingUrl : null,
    /** The recording as a video lesson in the app (its page checks access again). */
    recordingPath:
      state.allowed && status === "ended" && row.recordingVideoId
        ? `/videos/${row.recordingVideoId}`
        : null,
    hasRecording: row.recordingUrl !== null || row.recordingVideoId !== null,
    reminded: state.reminded,
    attended: state.attended,
  };
}
export type StudentLiveClass = ReturnType<typeof toStudentClass>;

/** The viewer's reminders and attendance among these classes (none for a visitor). */
async function viewerMarks(db: DbOrTx, viewer: ViewerRef, ids: string[]) {
  if (!viewer || ids.length === 0) return { reminded: new Set<string>(), attended: new Set() };
  const [reminders, attendance] = await Promise.all([
    db
      .select({ id: liveClassReminders.liveClassId })
      .from(liveClassReminders)
      .where(
        and(
          eq(liveClassReminders.userId, viewer.userId),
          inArray(liveClassReminders.liveClassId, ids),
        ),
      ),
    db
      .select({ id: liveClassAttendance.liveClassId })
      .from(liveClassAttendance)
      .where(
        and(
          eq(liveClassAttendance.userId, viewer.userId),
          inArray(liveClassAttendance.liveClassId, ids),
        ),
      ),
  ]);
  return {
    reminded: new Set(reminders.map((r) => r.id)),
    attended: new Set<string>(attendance.map((r) => r.id)),
  };
}

async function present(
  db: DbOrTx,
  viewer: ViewerRef,
  rows: { c: Row; subjectName: string | null; topicName: string | null }[],
  now: Date,
) {
  const canOpen = rows.some((r) => !r.c.isFree)
    ? await loadStudyAccess(db, { viewer, now })
    : () => true;
  const marks = await viewerMarks(
    db,
    viewer,
    rows.map((r) => r.c.id),
  );
  return rows.map((r) =>
    toStudentClass(
      r.c,
      r,
      {
        allowed: canOpen(r.c),
        reminded: marks.reminded.has(r.c.id),
        attended: marks.attended.has(r.c.id),
      },
      now,
    ),
  );
}

export type ListLiveClassesInput = {
  viewer: ViewerRef;
  query: { when: LiveClassWhen; subjectId?: string; page: number; pageSize: number };
  now: Date;
};

/**
 * The schedule: upcoming (not yet ended: live ones first, then by start) or past (ended, newest
 * first), optionally of one subject.
 */
export async function listLiveClasses(db: DbOrTx, { viewer, query, now }: ListLiveClassesInput) {
  const where: SQL[] = [
    query.when === "upcoming" ? sql`${endsAt} > ${now}` : sql`${endsAt} <= ${now}`,
    // The index on starts_at bounds the scan: no class lasts longer than 480 minutes.
    query.when === "upcoming"
      ? gt(liveClasses.startsAt, new Date(now.getTime() - 480 * 60_000))
      : lte(liveClasses.startsAt, now),
  ];
  if (query.subjectId) where.push(eq(liveClasses.subjectId, query.subjectId));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: liveClasses, ...names })
      .from(liveClasses)
      .leftJoin(subjects, eq(subjects.id, liveClasses.subjectId))
      .leftJoin(topics, eq(topics.id, liveClasses.topicId))
      .where(condition)
      .orderBy(
        query.when === "upcoming" ? asc(liveClasses.startsAt) : desc(liveClasses.startsAt),
        asc(liveClasses.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(liveClasses).where(condition),
  ]);
  return pageOf(await present(db, viewer, rows, now), total, query);
}

export type NextLiveClassInput = {
  viewer: ViewerRef;
  now: Date;
};

/** The class that is live now or starts next, for the home page and the dashboard. */
export async function nextLiveClass(db: DbOrTx, { viewer, now }: NextLiveClassInput) {
  const page = await listLiveClasses(db, {
    viewer,
    query: { when: "upcoming", page: 1, pageSize: 1 },
    now,
  });
  return page.items[0] ?? null;
}

async function findClass(db: DbOrTx, id: string) {
  const [row] = await db.select().from(liveClasses).where(eq(liveClasses.id, id));
  if (!row) throw new AppError("NOT_FOUND", LIVE_CLASS_MESSAGES.notFound);
  return row;
}

export type GetLiveClassInput = {
  viewer: ViewerRef;
  id: string;
  now: Date;
};

export async function getLiveClass(db: DbOrTx, { viewer, id, now }: GetLiveClassInput) {
  const rows = await db
    .select({ c: liveClasses, ...names })
    .from(liveClasses)
    .leftJoin(subjects, eq(subjects.id, liveClasses.subjectId))
    .leftJoin(topics, eq(topics.id, liveClasses.topicId))
    .where(eq(liveClasses.id, id));
  if (rows.length === 0) throw new AppError("NOT_FOUND", LIVE_CLASS_MESSAGES.notFound);
  const [item] = await present(db, viewer, rows, now);
  if (!item) throw new AppError("NOT_FOUND", LIVE_CLASS_MESSAGES.notFound);
  return item;
}

export type JoinLiveClassInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  id: string;
  now: Date;
};

/**
 * Joining: premium classes need a plan (403 with the plans link), the door opens
 * JOIN_OPENS_MINUTES before the start and closes at the end (409). The first join is recorded
 * (a course counts the class as done); the caller redirects to the link returned.
 */
export async function joinLiveClass(db: DbOrTx, { viewer, id, now }: JoinLiveClassInput) {
  const row = await findClass(db, id);
  await assertCanOpenStudyItem(db, { viewer, item: row, now });
  if (!canJoinAt(row.startsAt, row.durationMinutes, now)) {
    const ended = liveClassStatus(row.startsAt, row.durationMinutes, now) === "ended";
    throw new AppError(
      "CONFLICT",
      ended
        ? LIVE_CLASS_MESSAGES.ended
        : { key: LIVE_CLASS_MESSAGES.notOpenYet, values: { minutes: JOIN_OPENS_MINUTES } },
    );
  }
  await db
    .insert(liveClassAttendance)
    .values({ userId: viewer.userId, liveClassId: id, joinedAt: now })
    .onConflictDoNothing();
  return row.joinUrl;
}

export type SetReminderInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  id: string;
  on: boolean;
  now: Date;
};

/** "Remind me": for a class that has not ended and that the student may open. */
export async function setReminder(db: DbOrTx, { viewer, id, on, now }: SetReminderInput) {
  if (!on) {
    await db
      .delete(liveClassReminders)
      .where(
        and(eq(liveClassReminders.userId, viewer.userId), eq(liveClassReminders.liveClassId, id)),
      );
    await findClass(db, id);
    return { reminded: false };
  }
  const row = await findClass(db, id);
  await assertCanOpenStudyItem(db, { viewer, item: row, now });
  if (liveClassStatus(row.startsAt, row.durationMinutes, now) === "ended") {
    throw new AppError("CONFLICT", LIVE_CLASS_MESSAGES.endedNoReminder);
  }
  await db
    .insert(liveClassReminders)
    .values({ userId: viewer.userId, liveClassId: id, createdAt: now })
    .onConflictDoNothing();
  return { reminded: true };
}

// ——— Admins (/admin/live-classes) ———

function toAdminClass(row: Row, names: Names & { reminders: number; attended: number }) {
  return {
    id: row.id,
    title: row.title,
    titleHi: row.titleHi,
    teacher: row.teacher,
    description: row.description,
    subjectId: row.subjectId,
    topicId: row.topicId,
    subjectName: names.subjectName,
    topicName: names.topicName,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    joinUrl: row.joinUrl,
    recordingUrl: row.recordingUrl,
    recordingVideoId: row.recordingVideoId,
    isFree: row.isFree,
    reminders: names.reminders,
    attended: names.attended,
  };
}
export type AdminLiveClass = ReturnType<typeof toAdminClass>;

export type ListLiveClassesForAdminInput = {
  query: { page: number; pageSize: number; search: string; when: "all" | LiveClassWhen };
  now: Date;
};

export async function listLiveClassesForAdmin(
  db: DbOrTx,
  { query, now }: ListLiveClassesForAdminInput,
) {
  const where: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(
      sql`(${ilike(liveClasses.title, pattern)} or ${ilike(liveClasses.teacher, pattern)})`,
    );
  }
  if (query.when === "upcoming") where.push(sql`${endsAt} > ${now}`);
  if (query.when === "past") where.push(sql`${endsAt} <= ${now}`);
  const condition = where.length ? and(...where) : undefined;
  const reminders = db
    .select({ id: liveClassReminders.liveClassId, n: count().as("reminders") })
    .from(liveClassReminders)
    .groupBy(liveClassReminders.liveClassId)
    .as("reminders");
  const attended = db
    .select({ id: liveClassAttendance.liveClassId, n: count().as("attended") })
    .from(liveClassAttendance)
    .groupBy(liveClassAttendance.liveClassId)
    .as("attended");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        c: liveClasses,
        ...names,
        reminders: sql<number>`coalesce(${reminders.n}, 0)::int`,
        attended: sql<number>`coalesce(${attended.n}, 0)::int`,
      })
      .from(liveClasses)
      .leftJoin(subjects, eq(subjects.id, liveClasses.subjectId))
      .leftJoin(topics, eq(topics.id, liveClasses.topicId))
      .leftJoin(reminders, eq(reminders.id, liveClasses.id))
      .leftJoin(attended, eq(attended.id, liveClasses.id))
      .where(condition)
      .orderBy(desc(liveClasses.startsAt), asc(liveClasses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(liveClasses).where(condition),
  ]);
  return pageOf(
    rows.map((r) => toAdminClass(r.c, r)),
    total,
    query,
  );
}

function valuesOf(input: LiveClassInput) {
  return { ...input, startsAt: new Date(input.startsAt) };
}

/** The subject and topic (the taxonomy's rule), and a recording video that exists. */
async function checkReferences(db: DbOrTx, input: LiveClassInput) {
  const checked = await checkTaxonomy(db, input);
  if (input.recordingVideoId) {
    const [video] = await db
      .select({ id: videoLessons.id })
      .from(videoLessons)
      .where(eq(videoLessons.id, input.recordingVideoId));
    if (!video) throw new AppError("VALIDATION_FAILED", LIVE_CLASS_MESSAGES.recordingVideoMissing);
  }
  return checked;
}

export async function createLiveClass(db: DbOrTx, input: LiveClassInput) {
  const values = valuesOf(await checkReferences(db, input));
  const [row] = await db.insert(liveClasses).values(values).returning({ id: liveClasses.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

export type UpdateLiveClassInput = {
  id: string;
  input: LiveClassInput;
  now?: Date;
};

/**
 * A new start time sends the reminders again (they were for the old time); the rest keeps them.
 */
export async function updateLiveClass(
  db: DbOrTx,
  { id, input, now = new Date() }: UpdateLiveClassInput,
) {
  const values = valuesOf(await checkReferences(db, input));
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ startsAt: liveClasses.startsAt })
      .from(liveClasses)
      .where(eq(liveClasses.id, id))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND", LIVE_CLASS_MESSAGES.notFound);
    await tx
      .update(liveClasses)
      .set({ ...values, updatedAt: now })
      .where(eq(liveClasses.id, id));
    if (before.startsAt.getTime() !== values.startsAt.getTime()) {
      await tx
        .update(liveClassReminders)
        .set({ sentAt: null })
        .where(eq(liveClassReminders.liveClassId, id));
    }
  });
}

export async function deleteLiveClass(db: DbOrTx, id: string) {
  const [row] = await db
    .delete(liveClasses)
    .where(eq(liveClasses.id, id))
    .returning({ id: liveClasses.id });
  if (!row) throw new AppError("NOT_FOUND", LIVE_CLASS_MESSAGES.notFound);
}

/** For the calendar file: the class and, for the description, where to find it. */
export async function classForCalendar(db: DbOrTx, id: string) {
  return findClass(db, id);
}
