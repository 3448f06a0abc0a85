import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { MAINS_ADMIN_MESSAGES, type MainsSeriesInput } from "../../../shared/mains-test-schemas.ts";
import type { BookletStatus } from "../../../shared/mains-tests.ts";
import { pageOf } from "../../../shared/page.ts";
import type { PaginationQuery } from "../../../shared/pagination.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsSeries, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { isPastGrace } from "../attempts/attempt-grading.ts";
import { loadStudyAccess } from "../entitlements/entitlement.ts";
import { paperSizes } from "./tests.ts";

/**
 * Mains test series (decision 063): a name over tests whose windows are its schedule. Admins
 * edit them; students read the published tests grouped by series, each with where they stand.
 */

const notFound = () => new AppError("NOT_FOUND", MAINS_ADMIN_MESSAGES.seriesNotFound);

export type ListMainsSeriesInput = { query: PaginationQuery };

/** Every series with its number of tests, newest first (the admin's list and the test form). */
export async function listMainsSeries(db: DbOrTx, { query }: ListMainsSeriesInput) {
  const tests = db
    .select({ seriesId: mainsTests.seriesId, n: sql<number>`count(*)::int`.as("tests") })
    .from(mainsTests)
    .groupBy(mainsTests.seriesId)
    .as("series_tests");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: mainsSeries.id,
        title: mainsSeries.title,
        titleHi: mainsSeries.titleHi,
        description: mainsSeries.description,
        descriptionHi: mainsSeries.descriptionHi,
        tests: sql<number>`coalesce(${tests.n}, 0)::int`,
      })
      .from(mainsSeries)
      .leftJoin(tests, eq(tests.seriesId, mainsSeries.id))
      .orderBy(desc(mainsSeries.createdAt), asc(mainsSeries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mainsSeries),
  ]);
  return pageOf(rows, total, query);
}

export async function createMainsSeries(db: DbOrTx, input: MainsSeriesInput) {
  const [row] = await db.insert(mainsSeries).values(input).returning({ id: mainsSeries.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

export type UpdateMainsSeriesInput = { id: string; input: MainsSeriesInput };

export async function updateMainsSeries(db: DbOrTx, { id, input }: UpdateMainsSeriesInput) {
  const [row] = await db
    .update(mainsSeries)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(mainsSeries.id, id))
    .returning({ id: mainsSeries.id });
  if (!row) throw notFound();
}

/** Deletes a series none of whose tests a student has started; its tests stay, unassigned. */
export async function deleteMainsSeries(db: Db, id: string) {
  await db.transaction(async (tx) => {
    const [series] = await tx
      .select({ id: mainsSeries.id })
      .from(mainsSeries)
      .where(eq(mainsSeries.id, id))
      .for("update");
    if (!series) throw notFound();
    const [taken] = await tx
      .select({ n: count() })
      .from(examAttempts)
      .innerJoin(mainsTests, eq(mainsTests.id, examAttempts.mainsTestId))
      .where(eq(mainsTests.seriesId, id));
    if ((taken?.n ?? 0) > 0) {
      throw new AppError("CONFLICT", MAINS_ADMIN_MESSAGES.deleteSeriesTaken);
    }
    await tx.delete(mainsSeries).where(eq(mainsSeries.id, id));
  });
}

/**
 * Where a student stands on a test: before its window, open to start, writing (an attempt open
 * within its deadline), submitted, absent (closed without a booklet, or never started), evaluated,
 * or with results out.
 */
export type StudentTestStatus =
  | "upcoming"
  | "open"
  | "writing"
  | "submitted"
  | "absent"
  | "evaluated"
  | "results_out";

export function studentTestStatus(input: {
  test: { opensAt: Date; closesAt: Date; resultsPublishedAt: Date | null };
  attempt: { completedAt: Date | null; deadlineAt: Date } | null;
  booklet: { status: BookletStatus; totalMarks: string | null } | null;
  now: Date;
}): StudentTestStatus {
  const { test, attempt, booklet, now } = input;
  if (booklet?.status === "evaluated") {
    return test.resultsPublishedAt && booklet.totalMarks !== null ? "results_out" : "evaluated";
  }
  if (booklet?.status === "submitted") return "submitted";
  if (booklet?.status === "absent") return "absent";
  if (attempt) {
    return attempt.completedAt || isPastGrace(attempt, now) ? "absent" : "writing";
  }
  if (now < test.opensAt) return "upcoming";
  return now < test.closesAt ? "open" : "absent";
}

/** The student list's bound: a year's series is a few dozen tests. */
const STUDENT_LIST_LIMIT = 200;

export type ListMainsTestsForStudentInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  now: Date;
};

/**
 * GET /api/mains-tests: the published tests (the latest 200 by window), grouped by series (in
 * the order of their first window; tests without a series last), each with the student's status,
 * their attempt, the promised results date, and whether a premium test is locked for them.
 */
export async function listMainsTestsForStudent(
  db: DbOrTx,
  { viewer, now }: ListMainsTestsForStudentInput,
) {
  const tests = await db
    .select()
    .from(mainsTests)
    .where(eq(mainsTests.published, true))
    .orderBy(desc(mainsTests.opensAt), asc(mainsTests.id))
    .limit(STUDENT_LIST_LIMIT);
  const ids = tests.map((t) => t.id);
  const seriesIds = [...new Set(tests.flatMap((t) => (t.seriesId ? [t.seriesId] : [])))];
  const [sizes, attempts, booklets, series, canOpen] = await Promise.all([
    paperSizes(db, ids),
    ids.length
      ? db
          .select({
            id: examAttempts.id,
            testId: examAttempts.mainsTestId,
            completedAt: examAttempts.completedAt,
            deadlineAt: examAttempts.deadlineAt,
          })
          .from(examAttempts)
          .where(
            and(eq(examAttempts.userId, viewer.userId), inArray(examAttempts.mainsTestId, ids)),
          )
      : [],
    ids.length
      ? db
          .select({
            testId: mainsBooklets.testId,
            status: mainsBooklets.status,
            submittedAt: mainsBooklets.submittedAt,
            dueAt: mainsBooklets.dueAt,
            totalMarks: mainsBooklets.totalMarks,
          })
          .from(mainsBooklets)
          .where(and(eq(mainsBooklets.userId, viewer.userId), inArray(mainsBooklets.testId, ids)))
      : [],
    seriesIds.length ? db.select().from(mainsSeries).where(inArray(mainsSeries.id, seriesIds)) : [],
    loadStudyAccess(db, { viewer, now }),
  ]);
  const attemptOf = new Map(attempts.map((a) => [a.testId, a]));
  const bookletOf = new Map(booklets.map((b) => [b.testId, b]));
  const rows = [...tests].reverse().map((test) => {
    const attempt = attemptOf.get(test.id) ?? null;
    const booklet = bookletOf.get(test.id) ?? null;
    const size = sizes.get(test.id);
    return {
      seriesId: test.seriesId,
      id: test.id,
      title: test.title,
      titleHi: test.titleHi,
      paper: test.paper,
      durationMinutes: test.durationMinutes,
      uploadGraceMinutes: test.uploadGraceMinutes,
      opensAt: test.opensAt.toISOString(),
      closesAt: test.closesAt.toISOString(),
      isFree: test.isFree,
      locked: !canOpen(test),
      questionCount: size?.questions ?? 0,
      totalMarks: size?.marks ?? 0,
      status: studentTestStatus({ test, attempt, booklet, now }),
      attemptId: attempt?.id ?? null,
      submittedAt: booklet?.submittedAt?.toISOString() ?? null,
      dueAt: booklet?.dueAt?.toISOString() ?? null,
      resultsPublishedAt: test.resultsPublishedAt?.toISOString() ?? null,
    };
  });
  const groups = series.map((s) => ({
    id: s.id as string | null,
    title: s.title,
    titleHi: s.titleHi,
    description: s.description,
    descriptionHi: s.descriptionHi,
    tests: rows.filter((r) => r.seriesId === s.id),
  }));
  groups.sort((a, b) => (a.tests[0]?.opensAt ?? "").localeCompare(b.tests[0]?.opensAt ?? ""));
  const loose = rows.filter((r) => r.seriesId === null);
  if (loose.length) {
    groups.push({
      id: null,
      title: "",
      titleHi: null,
      description: null,
      descriptionHi: null,
      tests: loose,
    });
  }
  return { series: groups, serverNow: now.toISOString() };
}

/** A series with its published tests in window order (its calendar); unknown: 404. */
export async function getSeriesSchedule(db: DbOrTx, id: string) {
  const [series] = await db.select().from(mainsSeries).where(eq(mainsSeries.id, id));
  if (!series) throw notFound();
  const tests = await db
    .select()
    .from(mainsTests)
    .where(and(eq(mainsTests.seriesId, id), eq(mainsTests.published, true)))
    .orderBy(asc(mainsTests.opensAt), asc(mainsTests.id));
  return { series, tests };
}
