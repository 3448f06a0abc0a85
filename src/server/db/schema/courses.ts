import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CourseItemKind } from "../../../shared/courses.ts";
import { user } from "./auth.ts";
import { exams } from "./exams.ts";
import { studyNotes, videoLessons } from "./library.ts";
import { liveClasses } from "./live-classes.ts";
import { quizzes } from "./quizzes.ts";
import { subscriptionPlans } from "./subscriptions.ts";
import { subjects, topics } from "./taxonomy.ts";

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Courses (decision 043): a public page at /courses/{slug} with a syllabus of ordered modules,
 * each holding existing notes, videos, live classes, exams, quizzes and practice tests. Free
 * courses are open to every student; a premium one to students whose active plan includes it
 * (`plan_courses`).
 */
export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    summary: text("summary").notNull().default(""),
    summaryHi: text("summary_hi"),
    /** Sanitised HTML (the news sanitiser), shown on the course page. */
    description: text("description").notNull().default(""),
    isFree: boolean("is_free").notNull().default(true),
    /** Unpublished courses are the admins' drafts: no page, not listed. */
    isPublished: boolean("is_published").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("courses_slug_key").on(t.slug),
    index("courses_published_sort_idx").on(t.isPublished, t.sortOrder, t.title),
    check("courses_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("courses_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const courseModules = pgTable(
  "course_modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
  },
  (t) => [
    uniqueIndex("course_modules_course_position_key").on(t.courseId, t.position),
    check("course_modules_title_not_blank", sql`btrim(${t.title}) <> ''`),
  ],
);

/**
 * One step of a module: exactly one of the item columns is set, matching `kind` (a practice
 * test is a subject, optionally a topic, and a question count). Deleting the note, video, class,
 * exam or quiz removes the step.
 */
export const courseItems = pgTable(
  "course_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").$type<CourseItemKind>().notNull(),
    noteId: uuid("note_id").references(() => studyNotes.id, { onDelete: "cascade" }),
    videoId: uuid("video_id").references(() => videoLessons.id, { onDelete: "cascade" }),
    liveClassId: uuid("live_class_id").references(() => liveClasses.id, { onDelete: "cascade" }),
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    practiceSubjectId: uuid("practice_subject_id").references(() => subjects.id, {
      onDelete: "cascade",
    }),
    practiceTopicId: uuid("practice_topic_id").references(() => topics.id, {
      onDelete: "cascade",
    }),
    practiceQuestions: integer("practice_questions"),
  },
  (t) => [
    uniqueIndex("course_items_module_position_key").on(t.moduleId, t.position),
    index("course_items_note_idx").on(t.noteId),
    index("course_items_video_idx").on(t.videoId),
    index("course_items_live_class_idx").on(t.liveClassId),
    index("course_items_exam_idx").on(t.examId),
    index("course_items_quiz_idx").on(t.quizId),
    check(
      "course_items_one_target",
      sql`(${t.kind} = 'note' and ${t.noteId} is not null and num_nonnulls(${t.videoId}, ${t.liveClassId}, ${t.examId}, ${t.quizId}, ${t.practiceSubjectId}) = 0)
       or (${t.kind} = 'video' and ${t.videoId} is not null and num_nonnulls(${t.noteId}, ${t.liveClassId}, ${t.examId}, ${t.quizId}, ${t.practiceSubjectId}) = 0)
       or (${t.kind} = 'live_class' and ${t.liveClassId} is not null and num_nonnulls(${t.noteId}, ${t.videoId}, ${t.examId}, ${t.quizId}, ${t.practiceSubjectId}) = 0)
       or (${t.kind} = 'exam' and ${t.examId} is not null and num_nonnulls(${t.noteId}, ${t.videoId}, ${t.liveClassId}, ${t.quizId}, ${t.practiceSubjectId}) = 0)
       or (${t.kind} = 'quiz' and ${t.quizId} is not null and num_nonnulls(${t.noteId}, ${t.videoId}, ${t.liveClassId}, ${t.examId}, ${t.practiceSubjectId}) = 0)
       or (${t.kind} = 'practice' and ${t.practiceSubjectId} is not null and ${t.practiceQuestions} between 5 and 100 and num_nonnulls(${t.noteId}, ${t.videoId}, ${t.liveClassId}, ${t.examId}, ${t.quizId}) = 0)`,
    ),
  ],
);

/** Premium courses a plan opens (the plan form's "Courses"). */
export const planCourses = pgTable(
  "plan_courses",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.courseId] }),
    index("plan_courses_course_idx").on(t.courseId),
  ],
);

/** A student who started a course; their progress is read from what they did since. */
export const courseEnrollments = pgTable(
  "course_enrollments",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("course_enrollments_course_idx").on(t.courseId),
  ],
);
