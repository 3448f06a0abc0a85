// The admins' side of courses: the list, one course with its syllabus to edit, create, update and
// delete (the syllabus written in one transaction), and the items a step may point to. Students'
// reads are in courses.ts.
import { asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { COURSE_MESSAGES, type CourseInput } from "../../../shared/courses.ts";
import { pageOf } from "../../../shared/page.ts";
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
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { containsPattern } from "../../lib/search.ts";
import { sanitizeNewsHtml } from "../news/sanitize-news-html.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";

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
