import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { DropRule } from "../../../shared/question-reports.ts";
import { QUIZ_DIFFICULTIES, type QuizDifficulty } from "../../../shared/quiz-constants.ts";
import { user } from "./auth.ts";

/**
 * A current-affairs quiz. Its questions live in `questions` (quiz_id) and its attempts in
 * `exam_attempts` (quiz_id): one engine for exams and quizzes (decision 018). The counters below
 * are kept exact by statement triggers on `questions` and `exam_attempts` (migration 0011, decision 020), so
 * the student list reads them instead of counting rows on every page.
 */
export const quizzes = pgTable(
  "quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The optional Hindi title, shown when the interface is Hindi; null: none written. */
    titleHi: text("title_hi"),
    isFree: boolean("is_free").notNull().default(true),
    /** Our own storage key of the uploaded PDF (bucket quiz_pdfs); served by /api/quizzes/:id/pdf. */
    pdfKey: text("pdf_key"),
    /**
     * The admin said, when uploading it, that the PDF holds no answers: then students may open it
     * before completing an attempt. Otherwise it is treated like the answer key (decision 030).
     */
    pdfHasNoAnswers: boolean("pdf_has_no_answers").notNull().default(false),
    durationMinutes: integer("duration_minutes").notNull().default(10),
    /** Null: scores are out of 100 (spec: correct ÷ questions × total_marks, or × 100). */
    totalMarks: integer("total_marks"),
    /** A question dropped after a key challenge: everyone gets its marks, or it leaves the total. */
    dropRule: text("drop_rule").$type<DropRule>().notNull().default("award"),
    difficulty: text("difficulty").$type<QuizDifficulty>().notNull().default("Medium"),
    /** Students see the quiz from this day on (India time). */
    publishedOn: date("published_on", { mode: "string" }).notNull().default(sql`current_date`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Trigger-maintained: its questions, and those of them with a Hindi version. */
    questionCount: integer("question_count").notNull().default(0),
    hindiQuestionCount: integer("hindi_question_count").notNull().default(0),
    /** Trigger-maintained: completed attempts by everyone, and the ranked (first) ones. */
    completedAttempts: integer("completed_attempts").notNull().default(0),
    rankedAttempts: integer("ranked_attempts").notNull().default(0),
  },
  (t) => [
    index("quizzes_created_at_idx").on(t.createdAt),
    index("quizzes_published_idx").on(t.publishedOn.desc(), t.createdAt.desc()),
    // The student list: visible quizzes (with questions) newest first, read in index order.
    index("quizzes_visible_idx")
      .on(
        t.publishedOn.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.questionCount} > 0`),
    index("quizzes_title_idx").on(t.title),
    check("quizzes_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("quizzes_duration_positive", sql`${t.durationMinutes} between 1 and 600`),
    check("quizzes_drop_rule_valid", sql`${t.dropRule} in ('award','exclude')`),
    check("quizzes_total_marks_positive", sql`${t.totalMarks} is null or ${t.totalMarks} > 0`),
    check(
      "quizzes_difficulty_valid",
      sql.raw(`difficulty in (${QUIZ_DIFFICULTIES.map((d) => `'${d}'`).join(",")})`),
    ),
  ],
);

/**
 * The spec's quiz_attempts, as a read-only view over the one attempts table (created by the
 * custom migration 0005): code that counts or lists quiz attempts keeps working unchanged.
 */
export const quizAttempts = pgView("quiz_attempts", {
  id: uuid("id").notNull(),
  userId: text("user_id").notNull(),
  quizId: uuid("quiz_id").notNull(),
  status: text("status").$type<"in_progress" | "completed">().notNull(),
  attemptedOn: timestamp("attempted_on", { withTimezone: true }).notNull(),
  attemptNumber: integer("attempt_number").notNull(),
  score: numeric("score", { precision: 8, scale: 2 }),
  timeTakenSeconds: integer("time_taken_seconds"),
  completedAt: timestamp("completed_at", { withTimezone: true }),
}).existing();

/**
 * Completed attempts per quiz and India calendar day (trigger-maintained, exact): the card's
 * "this week" is the sum of the last 7 days' rows, at most 7 index entries per quiz.
 */
export const quizAttemptDays = pgTable(
  "quiz_attempt_days",
  {
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    completed: integer("completed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.day] })],
);

export const userSavedQuizzes = pgTable(
  "user_saved_quizzes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.quizId] }),
    index("user_saved_quizzes_quiz_id_idx").on(t.quizId),
  ],
);
