import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const quizAttemptStatusEnum = pgEnum("quiz_attempt_status", ["in_progress", "completed"]);

export const quizzes = pgTable(
  "quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    isFree: boolean("is_free").notNull().default(true),
    pdfUrl: text("pdf_url"),
    languages: text("languages").array().notNull().default(sql`'{English}'::text[]`),
    durationMinutes: integer("duration_minutes").notNull().default(10),
    totalMarks: integer("total_marks"),
    numQuestions: integer("num_questions").notNull().default(5),
    difficulty: text("difficulty"),
    totalAttemptsPlaceholder: integer("total_attempts_placeholder"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quizzes_created_at_idx").on(t.createdAt),
    check("quizzes_duration_positive", sql`${t.durationMinutes} > 0`),
    check("quizzes_num_questions_non_negative", sql`${t.numQuestions} >= 0`),
    check("quizzes_total_marks_non_negative", sql`${t.totalMarks} is null or ${t.totalMarks} >= 0`),
  ],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    status: quizAttemptStatusEnum("status").notNull().default("in_progress"),
    attemptedOn: timestamp("attempted_on", { withTimezone: true }).notNull().defaultNow(),
    attemptNumber: integer("attempt_number").notNull(),
    score: numeric("score", { precision: 8, scale: 2 }),
    timeTakenSeconds: integer("time_taken_seconds"),
    answers: jsonb("answers").$type<Record<string, string>>(),
    rank: integer("rank"),
  },
  (t) => [
    uniqueIndex("quiz_attempts_user_quiz_number_key").on(t.userId, t.quizId, t.attemptNumber),
    index("quiz_attempts_user_quiz_attempted_idx").on(t.userId, t.quizId, t.attemptedOn),
    index("quiz_attempts_quiz_attempted_idx").on(t.quizId, t.attemptedOn),
    check("quiz_attempts_number_positive", sql`${t.attemptNumber} > 0`),
  ],
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
