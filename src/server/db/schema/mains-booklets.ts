import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PageAnnotations, RubricPart } from "../../../shared/evaluation.ts";
import {
  BOOKLET_FORMATS,
  BOOKLET_STATUSES,
  type BookletFormat,
  type BookletStatus,
  MARK_ROUNDS,
  MARK_STATUSES,
  type MarkRound,
  type MarkStatus,
  REEVALUATION_OUTCOMES,
  type ReevaluationOutcome,
} from "../../../shared/mains-tests.ts";
import { user } from "./auth.ts";
import { examAttempts } from "./exams.ts";
import { mainsTestQuestions, mainsTests } from "./mains-tests.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A student's booklet: one per attempt, created with it (`writing`), `submitted` with its pages
 * (or typed answers) before the deadline plus grace, or `absent` when the attempt closed without
 * one; `evaluated` once every answer's marks are final. The published total, rank and
 * percentile are written when results go out and again after a re-evaluation.
 */
export const mainsBooklets = pgTable(
  "mains_booklets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => mainsTests.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<BookletStatus>().notNull().default("writing"),
    format: text("format").$type<BookletFormat>(),
    pageCount: integer("page_count").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** The results date promised at submission. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** Booklet mode: the mentor holding the booklet's first marking, until `claim_expires_at`. */
    claimedBy: text("claimed_by").references(() => user.id, { onDelete: "set null" }),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }),
    /** Published: the sum of the answers' final (moderated) marks, the rank and percentile. */
    totalMarks: numeric("total_marks", { precision: 7, scale: 2 }),
    rank: integer("rank"),
    percentile: numeric("percentile", { precision: 6, scale: 2 }),
    /** The student lets others see their answers as a topper's copy; and with their name. */
    shareAnswers: boolean("share_answers").notNull().default(false),
    shareName: boolean("share_name").notNull().default(false),
    /** Once per booklet, within 7 days of results. */
    reevaluationRequestedAt: timestamp("reevaluation_requested_at", { withTimezone: true }),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("mains_booklets_attempt_key").on(t.attemptId),
    uniqueIndex("mains_booklets_test_user_key").on(t.testId, t.userId),
    index("mains_booklets_user_idx").on(t.userId, t.createdAt.desc()),
    // The booklet-mode queue: submitted booklets of a test, oldest first.
    index("mains_booklets_queue_idx")
      .on(t.testId, t.submittedAt, t.id)
      .where(sql`${t.status} = 'submitted'`),
    index("mains_booklets_claimed_by_idx").on(t.claimedBy).where(sql`${t.claimedBy} is not null`),
    // Ranks: a test's booklets by published total.
    index("mains_booklets_rank_idx")
      .on(t.testId, t.totalMarks.desc())
      .where(sql`${t.totalMarks} is not null`),
    check("mains_booklets_status_valid", inList("status", BOOKLET_STATUSES)),
    check(
      "mains_booklets_format_valid",
      sql`${t.format} is null or ${inList("format", BOOKLET_FORMATS)}`,
    ),
  ],
);

/**
 * A booklet's uploaded files in the student's order: one row per photo, or one row for a PDF
 * (`pdf_pages` pages); in the private `answer_copies` bucket, checked on a file worker.
 */
export const mainsBookletFiles = pgTable(
  "mains_booklet_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookletId: uuid("booklet_id")
      .notNull()
      .references(() => mainsBooklets.id, { onDelete: "cascade" }),
    /** Position in the submitted booklet; null until submitted (and for files left out). */
    position: integer("position"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    rotation: smallint("rotation").notNull().default(0),
    pdfPages: integer("pdf_pages"),
    createdAt,
  },
  (t) => [
    index("mains_booklet_files_booklet_idx").on(t.bookletId, t.position),
    check("mains_booklet_files_rotation_valid", sql`${t.rotation} in (0,90,180,270)`),
  ],
);

/**
 * One answer in a booklet: where it starts (a 1-based page of the booklet; the student marks it,
 * a mentor may correct it) or its typed text; once results are out, its final marks (the mean of
 * a double marking, the re-evaluation's where there is one, each with its mentor's moderation).
 */
export const mainsBookletAnswers = pgTable(
  "mains_booklet_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookletId: uuid("booklet_id")
      .notNull()
      .references(() => mainsBooklets.id, { onDelete: "cascade" }),
    testQuestionId: uuid("test_question_id")
      .notNull()
      .references(() => mainsTestQuestions.id, { onDelete: "cascade" }),
    startPage: integer("start_page"),
    mappedBy: text("mapped_by").references(() => user.id, { onDelete: "set null" }),
    typedText: text("typed_text"),
    wordCount: integer("word_count"),
    /** Final, published marks (moderated); null before results. */
    marks: numeric("marks", { precision: 6, scale: 2 }),
    moderated: boolean("moderated").notNull().default(false),
    reevaluationReason: text("reevaluation_reason"),
    /** The published marks when re-evaluation was asked, and what it did to them. */
    marksBeforeReevaluation: numeric("marks_before_reevaluation", { precision: 6, scale: 2 }),
    reevaluationOutcome: text("reevaluation_outcome").$type<ReevaluationOutcome>(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("mains_booklet_answers_key").on(t.bookletId, t.testQuestionId),
    index("mains_booklet_answers_question_idx").on(t.testQuestionId, t.marks.desc()),
    check(
      "mains_booklet_answers_start_page_positive",
      sql`${t.startPage} is null or ${t.startPage} > 0`,
    ),
    check(
      "mains_booklet_answers_outcome_valid",
      sql`${t.reevaluationOutcome} is null or ${inList("reevaluation_outcome", REEVALUATION_OUTCOMES)}`,
    ),
  ],
);

/**
 * One marking of one answer by one mentor: the `first`, a blind `second` for a sampled answer,
 * or a `reeval` on request; each by a different mentor. `waiting` until claimed, `claimed` until
 * `claim_expires_at` (a lapsed claim is waiting again), `marked` when the mentor submits it.
 */
export const mainsMarks = pgTable(
  "mains_marks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    answerId: uuid("answer_id")
      .notNull()
      .references(() => mainsBookletAnswers.id, { onDelete: "cascade" }),
    bookletId: uuid("booklet_id")
      .notNull()
      .references(() => mainsBooklets.id, { onDelete: "cascade" }),
    testId: uuid("test_id")
      .notNull()
      .references(() => mainsTests.id, { onDelete: "cascade" }),
    testQuestionId: uuid("test_question_id")
      .notNull()
      .references(() => mainsTestQuestions.id, { onDelete: "cascade" }),
    round: text("round").$type<MarkRound>().notNull(),
    status: text("status").$type<MarkStatus>().notNull().default("waiting"),
    mentorId: text("mentor_id").references(() => user.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    markedAt: timestamp("marked_at", { withTimezone: true }),
    /** The rubric copied at claim time. */
    rubric: jsonb("rubric").$type<RubricPart[]>(),
    partMarks: jsonb("part_marks").$type<(number | null)[]>(),
    marks: numeric("marks", { precision: 6, scale: 2 }),
    comment: text("comment"),
    annotations: jsonb("annotations").$type<PageAnnotations[]>(),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("mains_marks_answer_round_key").on(t.answerId, t.round),
    // The queues: a test's unmarked work by round, oldest first; by question for question mode.
    index("mains_marks_queue_idx")
      .on(t.testId, t.round, t.testQuestionId, t.createdAt)
      .where(sql`${t.status} <> 'marked'`),
    index("mains_marks_booklet_idx").on(t.bookletId, t.round),
    index("mains_marks_mentor_idx").on(t.mentorId, t.status),
    index("mains_marks_marked_idx").on(t.testId, t.markedAt).where(sql`${t.status} = 'marked'`),
    check("mains_marks_round_valid", inList("round", MARK_ROUNDS)),
    check("mains_marks_status_valid", inList("status", MARK_STATUSES)),
    check("mains_marks_marks_nonnegative", sql`${t.marks} is null or ${t.marks} >= 0`),
  ],
);
