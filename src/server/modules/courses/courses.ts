// Courses as students see them: the published list, one course with its syllabus and the
// viewer's progress, enrolling, and the access rule for premium ones. Steps and progress are in
// course-progress.ts, the admins' side in course-admin.ts.
import { and, asc, eq, inArray } from "drizzle-orm";
import { COURSE_MESSAGES } from "../../../shared/courses.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { courseEnrollments, courseModules, courses, planCourses } from "../../db/schema/courses.ts";
import { subscriptionPlans } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";
import { enrolments, loadSteps, progressOf, type Step } from "./course-progress.ts";

type ViewerRef = Pick<Viewer, "userId" | "role"> | null;
export type CourseRow = typeof courses.$inferSelect;

// ——— Access ———

/**
 * Whether the viewer may follow a course: free courses everyone (a visitor reads the syllabus
 * and signs in to start); premium ones admins, and students whose active plan includes the
 * course (the one access rule's subscription, then the plan's list of courses).
 */
async function courseAccess(
  db: DbOrTx,
  viewer: ViewerRef,
  rows: Pick<CourseRow, "id" | "isFree">[],
  now: Date,
): Promise<(course: Pick<CourseRow, "id" | "isFree">) => boolean> {
  if (viewer?.role === "admin") return () => true;
  const premium = rows.filter((c) => !c.isFree).map((c) => c.id);
  if (!viewer || premium.length === 0) return (c) => c.isFree;
  const subscription = await findActiveSubscription(db, { userId: viewer.userId, now });
  if (!subscription?.planId) return (c) => c.isFree;
  const included = await db
    .select({ courseId: planCourses.courseId })
    .from(planCourses)
    .where(
      and(eq(planCourses.planId, subscription.planId), inArray(planCourses.courseId, premium)),
    );
  const open = new Set(included.map((r) => r.courseId));
  return (c) => c.isFree || open.has(c.id);
}

/** The active plans that include each course (a locked course names them). */
async function plansIncluding(db: DbOrTx, courseIds: string[]) {
  if (courseIds.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ courseId: planCourses.courseId, name: subscriptionPlans.name })
    .from(planCourses)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, planCourses.planId))
    .where(and(inArray(planCourses.courseId, courseIds), eq(subscriptionPlans.isActive, true)))
    .orderBy(asc(subscriptionPlans.price), asc(subscriptionPlans.name));
  const byCourse = new Map<string, string[]>();
  for (const row of rows)
    byCourse.set(row.courseId, [...(byCourse.get(row.courseId) ?? []), row.name]);
  return byCourse;
}

// ——— The syllabus as students see it ———

function courseCard(
  course: CourseRow,
  state: { open: boolean; enrolled: boolean; steps: Step[]; plans: string[] },
) {
  const progress = progressOf(state.steps);
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    titleHi: course.titleHi,
    summary: course.summary,
    summaryHi: course.summaryHi,
    isFree: course.isFree,
    locked: !state.open,
    /** Active plans that include it (a premium course's lock names them). */
    plans: state.plans,
    plansUrl: PLANS_PATH,
    enrolled: state.enrolled,
    steps: state.steps.length,
    /** Counted for an enrolled student only. */
    progress: state.enrolled ? progress : null,
  };
}

export type ListCoursesInput = {
  viewer: ViewerRef;
  now: Date;
};

/** /courses: the published courses in the admins' order, with the viewer's progress. */
export async function listCourses(db: DbOrTx, { viewer, now }: ListCoursesInput) {
  const rows = await db
    .select()
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(asc(courses.sortOrder), asc(courses.title), asc(courses.id));
  const ids = rows.map((c) => c.id);
  const [open, enrolled, steps, plans] = await Promise.all([
    courseAccess(db, viewer, rows, now),
    enrolments(db, { userId: viewer?.userId ?? null, courseIds: ids }),
    loadSteps(db, { courseIds: ids, userId: viewer?.userId ?? null, now }),
    plansIncluding(
      db,
      rows.filter((c) => !c.isFree).map((c) => c.id),
    ),
  ]);
  return rows.map((course) =>
    courseCard(course, {
      open: open(course),
      enrolled: enrolled.has(course.id),
      steps: steps.filter((s) => s.courseId === course.id),
      plans: plans.get(course.id) ?? [],
    }),
  );
}

async function findPublished(db: DbOrTx, slug: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)));
  if (!course) throw new AppError("NOT_FOUND", COURSE_MESSAGES.notFound);
  return course;
}

export type GetCourseInput = {
  viewer: ViewerRef;
  slug: string;
  now: Date;
};

/**
 * /courses/{slug}: the course, its modules and steps (with done and the step to take next for
 * an enrolled student). A premium course's syllabus is public, like a prospectus; its steps open
 * by their own rules.
 */
export async function getCourse(db: DbOrTx, { viewer, slug, now }: GetCourseInput) {
  const course = await findPublished(db, slug);
  const [open, enrolled, steps, modules, plans] = await Promise.all([
    courseAccess(db, viewer, [course], now),
    enrolments(db, { userId: viewer?.userId ?? null, courseIds: [course.id] }),
    loadSteps(db, { courseIds: [course.id], userId: viewer?.userId ?? null, now }),
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id))
      .orderBy(asc(courseModules.position)),
    plansIncluding(db, course.isFree ? [] : [course.id]),
  ]);
  const isEnrolled = enrolled.has(course.id);
  const card = courseCard(course, {
    open: open(course),
    enrolled: isEnrolled,
    steps,
    plans: plans.get(course.id) ?? [],
  });
  return {
    ...card,
    description: course.description,
    modules: modules.map((m) => ({
      id: m.id,
      title: m.title,
      titleHi: m.titleHi,
      steps: steps
        .filter((s) => s.moduleId === m.id)
        .map(({ courseId: _c, moduleId: _m, done, ...s }) => ({
          ...s,
          done: isEnrolled ? done : false,
        })),
    })),
  };
}
export type CourseView = Awaited<ReturnType<typeof getCourse>>;

export type EnrolInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  slug: string;
  now: Date;
};

/**
 * "Start this course": free courses for any signed-in student, premium ones when the student's
 * plan includes it (403 with the plans link otherwise, nothing stored). Enrolling twice is one
 * enrolment.
 */
export async function enrol(db: DbOrTx, { viewer, slug, now }: EnrolInput) {
  const course = await findPublished(db, slug);
  const open = await courseAccess(db, viewer, [course], now);
  if (!open(course)) {
    throw new AppError("FORBIDDEN", COURSE_MESSAGES.notInPlan, {
      reason: "PREMIUM_REQUIRED",
      plansUrl: PLANS_PATH,
    });
  }
  await db
    .insert(courseEnrollments)
    .values({ userId: viewer.userId, courseId: course.id, enrolledAt: now })
    .onConflictDoNothing();
  return { enrolled: true };
}

/** For link previews of /courses/{slug}: null when no published course has it. */
export async function findCourseForMeta(db: DbOrTx, slug: string) {
  const [course] = await db
    .select({ slug: courses.slug, title: courses.title, summary: courses.summary })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)));
  return course ?? null;
}

/** The published courses for the sitemap. */
export async function listCoursesForSitemap(db: DbOrTx) {
  return db
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(asc(courses.sortOrder), asc(courses.slug));
}
