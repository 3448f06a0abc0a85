import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
import {
  COPY_FORMATS,
  COPY_STATUSES,
  type CopyFormat,
  type CopyStatus,
  DEFAULT_CLAIM_HOURS,
  DEFAULT_FREE_EVALUATIONS_PER_MONTH,
  DEFAULT_TURNAROUND_HOURS,
  MAINS_PAPERS,
  type MainsPaper,
  type PageAnnotations,
  type RubricPart,
} from "../../../shared/evaluation.ts";
import { user } from "./auth.ts";
import { subjects, topics } from "./taxonomy.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * Mains questions (decision 042): one a day by publish date; the model answer reaches a student
 * only with their evaluated copy.
 */
export const mainsQuestions = pgTable(
  "mains_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paper: text("paper").$type<MainsPaper>().notNull(),
    subjectId: uuid("subject_id").references(() => subjects.id, { onDelete: "set null" }),
    topicId: uuid("topic_id").references(() => topics.id, { onDelete: "set null" }),
    questionText: text("question_text").notNull(),
    questionTextHi: text("question_text_hi"),
    directive: text("directive"),
    /** null: no word limit. */
    wordLimit: integer("word_limit"),
    marks: integer("marks").notNull().default(10),
    publishDate: date("publish_date", { mode: "string" }).notNull(),
    modelAnswer: text("model_answer").notNull().default(""),
    modelAnswerHi: text("model_answer_hi"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mains_questions_publish_idx").on(t.publishDate.desc(), t.createdAt.desc()),
    check("mains_questions_paper_valid", inList("paper", MAINS_PAPERS)),
    check("mains_questions_marks_range", sql`${t.marks} between 1 and 250`),
    check("mains_questions_word_limit_positive", sql`${t.wordLimit} is null or ${t.wordLimit} > 0`),
    check("mains_questions_text_not_blank", sql`btrim(${t.questionText}) <> ''`),
  ],
);

/**
 * One student's answer to one Mains question: a draft while pages are uploaded, then submitted
 * (its due time fixed from the turnaround promised then), claimed by one mentor until
 * `claim_expires_at` (an expired claim is back in the queue), and evaluated.
 */
export const answerCopies = pgTable(
  "answer_copies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => mainsQuestions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").$type<CopyStatus>().notNull().default("draft"),
    format: text("format").$type<CopyFormat>(),
    typedAnswer: text("typed_answer"),
    wordCount: integer("word_count"),
    pageCount: integer("page_count").notNull().default(0),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    claimedBy: text("claimed_by").references(() => user.id, { onDelete: "set null" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    claimExpiresAt: timestamp("claim_expires_at", { withTimezone: true }),
    evaluatedAt: timestamp("evaluated_at", { withTimezone: true }),
    evaluatedBy: text("evaluated_by").references(() => user.id, { onDelete: "set null" }),
    /** The rubric the copy was scored on (copied at claim time: later edits do not move it). */
    rubric: jsonb("rubric").$type<RubricPart[]>(),
    partMarks: jsonb("part_marks").$type<(number | null)[]>(),
    marks: numeric("marks", { precision: 6, scale: 1 }),
    comment: text("comment"),
    annotations: jsonb("annotations").$type<PageAnnotations[]>(),
    rating: smallint("rating"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    followUpQuestion: text("follow_up_question"),
    followUpAskedAt: timestamp("follow_up_asked_at", { withTimezone: true }),
    followUpAnswer: text("follow_up_answer"),
    followUpAnsweredAt: timestamp("follow_up_answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("answer_copies_user_question_key").on(t.userId, t.questionId),
    index("answer_copies_user_created_idx").on(t.userId, t.createdAt.desc()),
    // The mentors' queue: waiting copies, oldest first.
    index("answer_copies_queue_idx")
      .on(t.submittedAt, t.id)
      .where(sql`${t.status} in ('submitted','claimed')`),
    index("answer_copies_claimed_by_idx")
      .on(t.claimedBy, t.status)
      .where(sql`${t.claimedBy} is not null`),
    index("answer_copies_evaluated_idx").on(t.evaluatedAt).where(sql`${t.status} = 'evaluated'`),
    check("answer_copies_status_valid", inList("status", COPY_STATUSES)),
    check(
      "answer_copies_format_valid",
      sql`${t.format} is null or ${inList("format", COPY_FORMATS)}`,
    ),
    check("answer_copies_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * The uploaded files of a copy, in the student's order: one row per photo, or one row for a PDF
 * (`pdf_pages` pages). Stored in the private `answer_copies` bucket.
 */
export const answerCopyFiles = pgTable(
  "answer_copy_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    copyId: uuid("copy_id")
      .notNull()
      .references(() => answerCopies.id, { onDelete: "cascade" }),
    /** Position in the submitted copy; null until submitted (and for files left out). */
    position: integer("position"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    rotation: smallint("rotation").notNull().default(0),
    pdfPages: integer("pdf_pages"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("answer_copy_files_copy_idx").on(t.copyId, t.position),
    check("answer_copy_files_rotation_valid", sql`${t.rotation} in (0,90,180,270)`),
  ],
);

/** An invitation mailed to someone who should become a mentor; the token is stored hashed. */
export const mentorInvitations = pgTable(
  "mentor_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("mentor_invitations_token_key").on(t.tokenHash),
    index("mentor_invitations_created_idx").on(t.createdAt.desc()),
  ],
);

/** The evaluation service's settings: one row. */
export const evaluationSettings = pgTable(
  "evaluation_settings",
  {
    id: integer("id").primaryKey().default(1),
    turnaroundHours: integer("turnaround_hours").notNull().default(DEFAULT_TURNAROUND_HOURS),
    claimHours: integer("claim_hours").notNull().default(DEFAULT_CLAIM_HOURS),
    freeEvaluationsPerMonth: integer("free_evaluations_per_month")
      .notNull()
      .default(DEFAULT_FREE_EVALUATIONS_PER_MONTH),
    mentorsMayPublishQuestions: boolean("mentors_may_publish_questions").notNull().default(false),
    /** Rubric per paper; a paper missing here uses the default rubric. */
    rubrics: jsonb("rubrics")
      .$type<Partial<Record<MainsPaper, RubricPart[]>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("evaluation_settings_single_row", sql`${t.id} = 1`)],
);
