import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { OptionKey } from "../../../shared/constants.ts";
import {
  DROP_RULES,
  type DropRule,
  KEY_CHANGE_KINDS,
  type KeyChangeKind,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportReason,
  type ReportStatus,
} from "../../../shared/question-reports.ts";
import { user } from "./auth.ts";
import { exams, questions } from "./exams.ts";
import { quizzes } from "./quizzes.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * A change to a question's key (decision 064): the key set to one option or several accepted, or
 * the question dropped under its paper's rule. Written with the question's update in one
 * transaction; the regrade of every attempt that holds the question runs after it (the key-change
 * worker) and records `regraded_at` and its counts. The paper's public log lists these rows
 * (`/exams/{id}/key-changes`), each shown only to a reader for whom the key gate opens the key.
 */
export const keyChanges = pgTable(
  "key_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** The question's paper (its exam or live test, or its quiz), for the paper's log. */
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    kind: text("kind").$type<KeyChangeKind>().notNull(),
    oldAnswers: text("old_answers").array().$type<OptionKey[]>().notNull(),
    /** The accepted options after the change (a drop keeps the old ones, for the record). */
    newAnswers: text("new_answers").array().$type<OptionKey[]>().notNull(),
    dropRule: text("drop_rule").$type<DropRule>(),
    reason: text("reason").notNull(),
    reasonHi: text("reason_hi"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set by the regrade once every attempt holding the question is graded again and told. */
    regradedAt: timestamp("regraded_at", { withTimezone: true }),
    attemptsRegraded: integer("attempts_regraded"),
    studentsTold: integer("students_told"),
  },
  (t) => [
    index("key_changes_exam_idx").on(t.examId, t.createdAt).where(sql`${t.examId} is not null`),
    index("key_changes_quiz_idx").on(t.quizId, t.createdAt).where(sql`${t.quizId} is not null`),
    index("key_changes_question_idx").on(t.questionId, t.createdAt),
    // The worker's queue: changes whose regrade has not finished.
    index("key_changes_pending_idx").on(t.createdAt).where(sql`${t.regradedAt} is null`),
    check("key_changes_kind_valid", inList("kind", KEY_CHANGE_KINDS)),
    check(
      "key_changes_drop_rule_valid",
      sql.raw(
        `(kind = 'drop') = (drop_rule is not null) and (drop_rule is null or drop_rule in (${DROP_RULES.map((d) => `'${d}'`).join(",")}))`,
      ),
    ),
    check("key_changes_one_paper", sql`num_nonnulls(${t.examId}, ${t.quizId}) = 1`),
    check("key_changes_reason_not_blank", sql`btrim(${t.reason}) <> ''`),
    check(
      "key_changes_answers_valid",
      sql`cardinality(${t.newAnswers}) between 1 and 4 and ${t.newAnswers} <@ array['A','B','C','D']
          and ${t.oldAnswers} <@ array['A','B','C','D']`,
    ),
  ],
);

/**
 * A student's "Report an error" on a question (decision 064): one open report per student per
 * question. An admin answers it from the queue (`/admin/question-reports`): rejected with a
 * reply, fixed (the text), the key changed or the question dropped (`key_change_id`).
 */
export const questionReports = pgTable(
  "question_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ReportReason>().notNull(),
    note: text("note").notNull().default(""),
    /** The reporter agrees to be credited by display name on the key-change log. */
    creditMe: boolean("credit_me").notNull().default(false),
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    reply: text("reply"),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    keyChangeId: uuid("key_change_id").references(() => keyChanges.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("question_reports_one_open_key")
      .on(t.questionId, t.userId)
      .where(sql`${t.status} = 'open'`),
    // The queue: open reports grouped by question, the oldest first (the clock).
    index("question_reports_open_idx")
      .on(t.questionId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index("question_reports_open_created_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("question_reports_user_idx").on(t.userId, t.createdAt),
    // The answered list: the latest answers first.
    index("question_reports_answered_idx")
      .on(t.resolvedAt.desc().nullsFirst(), t.questionId)
      .where(sql`${t.status} <> 'open'`),
    index("question_reports_key_change_idx")
      .on(t.keyChangeId)
      .where(sql`${t.keyChangeId} is not null`),
    check("question_reports_reason_valid", inList("reason", REPORT_REASONS)),
    check("question_reports_status_valid", inList("status", REPORT_STATUSES)),
    check("question_reports_resolved", sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
  ],
);
