import { count, desc, eq, ilike, or } from "drizzle-orm";
import type { Page, SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { containsPattern } from "../../lib/search.ts";
import { buildReviewView } from "../attempts/attempt-views.ts";

async function selectAttempts(db: Db, filter: SearchPageQuery) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = pattern
    ? or(
        ilike(profiles.fullName, pattern),
        ilike(profiles.email, pattern),
        ilike(exams.title, pattern),
      )
    : undefined;
  const base = () =>
    db
      .select({
        id: examAttempts.id,
        score: examAttempts.score,
        startedAt: examAttempts.startedAt,
        completedAt: examAttempts.completedAt,
        passed: examAttempts.passed,
        userId: examAttempts.userId,
        profile: { id: profiles.id, fullName: profiles.fullName, email: profiles.email },
        exam: { id: exams.id, title: exams.title },
      })
      .from(examAttempts)
      .innerJoin(profiles, eq(profiles.id, examAttempts.userId))
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(where);
  const [rows, [total]] = await Promise.all([
    base()
      // Newest completions first; attempts still in progress (no completion) lead.
      .orderBy(desc(examAttempts.completedAt), desc(examAttempts.startedAt))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(examAttempts)
      .innerJoin(profiles, eq(profiles.id, examAttempts.userId))
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every student's attempts for the admin, paginated; search by student name, email or exam. */
export async function listAttemptsForAdmin(db: Db, filter: SearchPageQuery) {
  const { rows, total } = await selectAttempts(db, filter);
  const items = rows.map((r) => ({
    ...r,
    score: r.score === null ? null : Number(r.score),
    startedAt: r.startedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
  return { items, total, page: filter.page, pageSize: filter.pageSize } satisfies Page<
    (typeof items)[number]
  >;
}

export type GetAttemptForAdminInput = {
  viewer: Viewer;
  attemptId: string;
};

/** One attempt with every answer (admins may see keys of any attempt). */
export async function getAttemptForAdmin(db: Db, { viewer, attemptId }: GetAttemptForAdminInput) {
  const [attempt] = await db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  if (!attempt) throw new AppError("NOT_FOUND", "Attempt not found.");
  return buildReviewView(db, { attempt, viewer, now: new Date() });
}
