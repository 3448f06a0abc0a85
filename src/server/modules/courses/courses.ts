import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { COURSE_MESSAGES, type CourseInput, type CourseItemKind } from "../../../shared/courses.ts";
import { pageOf } from "../../../shared/page.ts";
import { PLANS_PATH } from "../../../shared/subscriptions.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  courseEnrollments,
  courseItems,
  courseModules,
  courses,
  planCourses,
} from "../../db/schema/courses.ts";
import { exams } from "../../db/schema/exams.ts";
import { studyNotes, videoLessons } from "../../db/schema/library.ts";
import { liveClasses } from "../../db/schema/live-classes.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { subscriptionPlans } from "../../db/schema/subscriptions.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import { publicationDay } from "../../lib/calendar.ts";
import type { Viewer } from "../../lib/context.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";
import { findActiveSubscription } from "../entitlements/entitlement.ts";
import { sanitizeNewsHtml } from "../news/sanitize-news-html.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";

type ViewerRef = Pick<Viewer, "userId" | "role"> | null;
type CourseRow = typeof courses.$inferSelect;

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

/** Where a step opens in the app. */
function pathOf(item: {
  kind: CourseItemKind;
  targetId: string | null;
  practiceSubjectId: string | null;
  practiceTopicId: string | null;
  practiceQuestions: number | null;
}): string {
  switch (item.kind) {
    case "note":
      return `/student/study-materials/notes/${item.targetId}`;
    case "video":
      return `/videos/${item.targetId}`;
    case "live_class":
      return "/live-classes";
    case "exam":
      return `/exam/${item.targetId}`;
    case "quiz":
      return `/quiz/${item.targetId}/attempt`;
    case "practice": {
      const query = new URLSearchParams({ subjectId: item.practiceSubjectId ?? "" });
      if (item.practiceTopicId) query.set("topicId", item.practiceTopicId);
      if (item.practiceQuestions) query.set("questionCount", String(item.practiceQuestions));
      return `/student/practice?${query}`;
    }
  }
}

/**
 * Every step of the courses' modules, in order, with what it points to (title, free or not,
 * whether students can see it yet) and, for a signed-in viewer, whether they have done it:
 * a note marked read, a video watched to the end, a class joined, a test or quiz completed, a
 * practice test of that topic (or subject) completed.
 */
async function loadSteps(db: DbOrTx, courseIds: string[], userId: string | null, now: Date) {
  if (courseIds.length === 0) return [];
  const user = userId ?? "";
  const done = sql<boolean>`case ${courseItems.kind}
    when 'note' then exists (select 1 from note_reads r where r.user_id = ${user} and r.note_id = ${courseItems.noteId} and r.read_at is not null)
    when 'video' then exists (select 1 from video_progress p where p.user_id = ${user} and p.video_id = ${courseItems.videoId} and p.completed)
    when 'live_class' then exists (select 1 from live_class_attendance a where a.user_id = ${user} and a.live_class_id = ${courseItems.liveClassId})
    when 'exam' then exists (select 1 from exam_attempts a where a.user_id = ${user} and a.exam_id = ${courseItems.examId} and a.completed_at is not null)
    when 'quiz' then exists (select 1 from exam_attempts a where a.user_id = ${user} and a.quiz_id = ${courseItems.quizId} and a.completed_at is not null)
    when 'practice' then exists (
      select 1 from exam_attempts a join question_sets s on s.id = a.practice_id
       where a.user_id = ${user} and a.completed_at is not null and s.kind = 'practice'
         and case when ${courseItems.practiceTopicId} is not null
                  then s.filters -> 'topicIds' ? ${courseItems.practiceTopicId}::text
                  else s.filters -> 'subjectIds' ? ${courseItems.practiceSubjectId}::text end)
    else false end`;
  const rows = await db
    .select({
      id: courseItems.id,
      courseId: courseModules.courseId,
      moduleId: courseItems.moduleId,
      position: courseItems.position,
      kind: courseItems.kind,
      noteId: courseItems.noteId,
      videoId: courseItems.videoId,
      liveClassId: courseItems.liveClassId,
      examId: courseItems.examId,
      quizId: courseItems.quizId,
      practiceSubjectId: courseItems.practiceSubjectId,
      practiceTopicId: courseItems.practiceTopicId,
      practiceQuestions: courseItems.practiceQuestions,
      noteTitle: studyNotes.title,
      noteTitleHi: studyNotes.titleHi,
      noteFree: studyNotes.isFree,
      notePublishedAt: studyNotes.publishedAt,
      videoTitle: videoLessons.title,
      videoTitleHi: videoLessons.titleHi,
      videoFree: videoLessons.isFree,
      videoPublishedAt: videoLessons.publishedAt,
      classTitle: liveClasses.title,
      classTitleHi: liveClasses.titleHi,
      classFree: liveClasses.isFree,
      classStartsAt: liveClasses.startsAt,
      examTitle: exams.title,
      examFree: exams.isFree,
      quizTitle: quizzes.title,
      quizTitleHi: quizzes.titleHi,
      quizFree: quizzes.isFree,
      quizPublishedOn: quizzes.publishedOn,
      subjectName: subjects.name,
      topicName: topics.name,
      done: userId ? done : sql<boolean>`false`,
    })
    .from(courseItems)
    .innerJoin(courseModules, eq(courseModules.id, courseItems.moduleId))
    .leftJoin(studyNotes, eq(studyNotes.id, courseItems.noteId))
    .leftJoin(videoLessons, eq(videoLessons.id, courseItems.videoId))
    .leftJoin(liveClasses, eq(liveClasses.id, courseItems.liveClassId))
    .leftJoin(exams, eq(exams.id, courseItems.examId))
    .leftJoin(quizzes, eq(quizzes.id, courseItems.quizId))
    .leftJoin(subjects, eq(subjects.id, courseItems.practiceSubjectId))
    .leftJoin(topics, eq(topics.id, courseItems.practiceTopicId))
    .where(inArray(courseModules.courseId, courseIds))
    .orderBy(asc(courseModules.position), asc(courseItems.position));
  const today = publicationDay(now);
  return rows.flatMap((r) => {
    const step = (
      title: string,
      titleHi: string | null,
      isFree: boolean,
      targetId: string | null,
      extra: { startsAt?: string } = {},
    ) => ({
      id: r.id,
      courseId: r.courseId,
      moduleId: r.moduleId,
      kind: r.kind,
      title,
      titleHi,
      isFree,
      path: pathOf({ ...r, targetId }),
      done: Boolean(r.done),
      ...extra,
    });
    switch (r.kind) {
      case "note":
        if (!r.noteTitle || !r.notePublishedAt || r.notePublishedAt > now) return [];
        return [step(r.noteTitle, r.noteTitleHi, r.noteFree ?? true, r.noteId)];
      case "video":
        if (!r.videoTitle || !r.videoPublishedAt || r.videoPublishedAt > now) return [];
        return [step(r.videoTitle, r.videoTitleHi, r.videoFree ?? true, r.videoId)];
      case "live_class":
        if (!r.classTitle) return [];
        return [
          step(r.classTitle, r.classTitleHi, r.classFree ?? true, r.liveClassId, {
            startsAt: r.classStartsAt?.toISOString(),
          }),
        ];
      case "exam":
        if (!r.examTitle) return [];
        return [step(r.examTitle, null, r.examFree ?? true, r.examId)];
      case "quiz":
        if (!r.quizTitle || !r.quizPublishedOn || r.quizPublishedOn > today) return [];
        return [step(r.quizTitle, r.quizTitleHi, r.quizFree ?? true, r.quizId)];
      case "practice": {
        const name = r.topicName ? `${r.subjectName} · ${r.topicName}` : (r.subjectName ?? "");
        return [step(name, null, true, null)];
      }
      default:
        return [];
    }
  });
}
type Step = Awaited<ReturnType<typeof loadSteps>>[number];

function progressOf(steps: Step[]) {
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done) ?? null;
  return { done, total: steps.length, nextStepId: next?.id ?? null };
}

async function enrolments(db: DbOrTx, userId: string | null, courseIds: string[]) {
  if (!userId || courseIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ courseId: courseEnrollments.courseId })
    .from(courseEnrollments)
    .where(
      and(eq(courseEnrollments.userId, userId), inArray(courseEnrollments.courseId, courseIds)),
    );
  return new Set(rows.map((r) => r.courseId));
}

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
    enrolments(db, viewer?.userId ?? null, ids),
    loadSteps(db, ids, viewer?.userId ?? null, now),
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
    enrolments(db, viewer?.userId ?? null, [course.id]),
    loadSteps(db, [course.id], viewer?.userId ?? null, now),
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

// ——— Admins ———

export type ListCoursesForAdminInput = { page: number; pageSize: number; search: string };

export async function listCoursesForAdmin(db: DbOrTx, query: ListCoursesForAdminInput) {
  const condition: SQL | undefined = query.search
    ? ilike(courses.title, containsPattern(query.search))
    : undefined;
  const steps = db
    .select({ courseId: courseModules.courseId, n: count(courseItems.id).as("step_count") })
    .from(courseModules)
    .leftJoin(courseItems, eq(courseItems.moduleId, courseModules.id))
    .groupBy(courseModules.courseId)
    .as("steps");
  const learners = db
    .select({ courseId: courseEnrollments.courseId, n: count().as("learner_count") })
    .from(courseEnrollments)
    .groupBy(courseEnrollments.courseId)
    .as("learners");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        course: courses,
        steps: sql<number>`coalesce(${steps.n}, 0)::int`,
        learners: sql<number>`coalesce(${learners.n}, 0)::int`,
      })
      .from(courses)
      .leftJoin(steps, eq(steps.courseId, courses.id))
      .leftJoin(learners, eq(learners.courseId, courses.id))
      .where(condition)
      .orderBy(asc(courses.sortOrder), asc(courses.title), asc(courses.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(courses).where(condition),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.course.id,
      slug: r.course.slug,
      title: r.course.title,
      isFree: r.course.isFree,
      isPublished: r.course.isPublished,
      sortOrder: r.course.sortOrder,
      steps: r.steps,
      learners: r.learners,
    })),
    total,
    query,
  );
}

/** One course as its form edits it: the fields, the plans, the modules and their steps. */
export async function getCourseForAdmin(db: DbOrTx, id: string) {
  const [course] = await db.select().from(courses).where(eq(courses.id, id));
  if (!course) throw new AppError("NOT_FOUND", COURSE_MESSAGES.notFound);
  const [plans, modules, items] = await Promise.all([
    db.select({ planId: planCourses.planId }).from(planCourses).where(eq(planCourses.courseId, id)),
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, id))
      .orderBy(asc(courseModules.position)),
    db
      .select({ item: courseItems })
      .from(courseItems)
      .innerJoin(courseModules, eq(courseModules.id, courseItems.moduleId))
      .where(eq(courseModules.courseId, id))
      .orderBy(asc(courseModules.position), asc(courseItems.position)),
  ]);
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    titleHi: course.titleHi,
    summary: course.summary,
    summaryHi: course.summaryHi,
    description: course.description,
    isFree: course.isFree,
    isPublished: course.isPublished,
    sortOrder: course.sortOrder,
    planIds: plans.map((p) => p.planId),
    modules: modules.map((m) => ({
      title: m.title,
      titleHi: m.titleHi,
      items: items
        .filter((i) => i.item.moduleId === m.id)
        .map(({ item }) =>
          item.kind === "practice"
            ? {
                kind: "practice" as const,
                subjectId: item.practiceSubjectId ?? "",
                topicId: item.practiceTopicId,
                questions: item.practiceQuestions ?? 20,
              }
            : {
                kind: item.kind,
                id: (item.noteId ??
                  item.videoId ??
                  item.liveClassId ??
                  item.examId ??
                  item.quizId) as string,
              },
        ),
    })),
  };
}

const TARGETS = {
  note: { table: studyNotes, column: "noteId" },
  video: { table: videoLessons, column: "videoId" },
  live_class: { table: liveClasses, column: "liveClassId" },
  exam: { table: exams, column: "examId" },
  quiz: { table: quizzes, column: "quizId" },
} as const;

/** Every step must point to something that exists, and every plan too (422 otherwise). */
async function checkReferences(db: DbOrTx, input: CourseInput) {
  const items = input.modules.flatMap((m) => m.items);
  for (const kind of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    const ids = [...new Set(items.flatMap((i) => (i.kind === kind && "id" in i ? [i.id] : [])))];
    if (ids.length === 0) continue;
    const { table } = TARGETS[kind];
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (found.length !== ids.length) {
      throw new AppError("VALIDATION_FAILED", COURSE_MESSAGES.itemMissing);
    }
  }
  for (const item of items) {
    if (item.kind === "practice") await checkTaxonomy(db, item);
  }
  if (input.planIds.length > 0) {
    const plans = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(inArray(subscriptionPlans.id, input.planIds));
    if (plans.length !== input.planIds.length) {
      throw new AppError("VALIDATION_FAILED", COURSE_MESSAGES.planMissing);
    }
  }
}

function courseValues(input: CourseInput) {
  return {
    slug: input.slug,
    title: input.title,
    titleHi: input.titleHi,
    summary: input.summary,
    summaryHi: input.summaryHi,
    description: sanitizeNewsHtml(input.description),
    isFree: input.isFree,
    isPublished: input.isPublished,
    sortOrder: input.sortOrder,
  };
}

/** The syllabus is replaced as a whole (the form sends it all), in the caller's transaction. */
async function writeSyllabus(tx: DbOrTx, courseId: string, input: CourseInput) {
  await tx.delete(courseModules).where(eq(courseModules.courseId, courseId));
  await tx.delete(planCourses).where(eq(planCourses.courseId, courseId));
  if (input.planIds.length > 0) {
    await tx.insert(planCourses).values(input.planIds.map((planId) => ({ planId, courseId })));
  }
  for (const [position, module] of input.modules.entries()) {
    const [row] = await tx
      .insert(courseModules)
      .values({ courseId, position, title: module.title, titleHi: module.titleHi })
      .returning({ id: courseModules.id });
    if (!row || module.items.length === 0) continue;
    await tx.insert(courseItems).values(
      module.items.map((item, itemPosition) =>
        item.kind === "practice"
          ? {
              moduleId: row.id,
              position: itemPosition,
              kind: item.kind,
              practiceSubjectId: item.subjectId,
              practiceTopicId: item.topicId,
              practiceQuestions: item.questions,
            }
          : {
              moduleId: row.id,
              position: itemPosition,
              kind: item.kind,
              [TARGETS[item.kind].column]: item.id,
            },
      ),
    );
  }
}

function slugConflict(error: unknown): never {
  if (isUniqueViolation(error, "courses_slug_key")) {
    throw new AppError("CONFLICT", COURSE_MESSAGES.slugTaken);
  }
  throw error;
}

export async function createCourse(db: DbOrTx, input: CourseInput) {
  await checkReferences(db, input);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values(courseValues(input))
        .returning({ id: courses.id });
      if (!row) throw new Error("insert returned nothing");
      await writeSyllabus(tx, row.id, input);
      return row.id;
    });
  } catch (error) {
    slugConflict(error);
  }
}

export type UpdateCourseInput = {
  id: string;
  input: CourseInput;
  now?: Date;
};

export async function updateCourse(db: DbOrTx, { id, input, now = new Date() }: UpdateCourseInput) {
  await checkReferences(db, input);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(courses)
        .set({ ...courseValues(input), updatedAt: now })
        .where(eq(courses.id, id))
        .returning({ id: courses.id });
      if (!row) throw new AppError("NOT_FOUND", COURSE_MESSAGES.notFound);
      await writeSyllabus(tx, id, input);
    });
  } catch (error) {
    slugConflict(error);
  }
}

export async function deleteCourse(db: DbOrTx, id: string) {
  const [row] = await db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id });
  if (!row) throw new AppError("NOT_FOUND", COURSE_MESSAGES.notFound);
}

export type ListItemOptionsInput = { kind: keyof typeof TARGETS; search: string };

/** What the syllabus editor offers to pick for a kind: the newest 200, searched by title. */
export async function listItemOptions(db: DbOrTx, query: ListItemOptionsInput) {
  const { table } = TARGETS[query.kind];
  const rows = await db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(query.search ? ilike(table.title, containsPattern(query.search)) : undefined)
    .orderBy(sql`${table.createdAt} desc`)
    .limit(200);
  return rows;
}
