import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { MainsPaper } from "../../../shared/evaluation.ts";
import {
  DEFAULT_DOUBLE_MARK_PERCENT,
  DEFAULT_MAINS_DURATION_MINUTES,
  DEFAULT_MAINS_TURNAROUND_HOURS,
  DEFAULT_UPLOAD_GRACE_MINUTES,
  EVALUATION_MODES,
  type EvaluationMode,
} from "../../../shared/mains-tests.ts";
import { user } from "./auth.ts";
import { mainsQuestions } from "./evaluation.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A Mains test series (decision 063): a name over tests whose windows are its schedule. */
export const mainsSeries = pgTable(
  "mains_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    description: text("description"),
    descriptionHi: text("description_hi"),
    createdAt,
    updatedAt,
  },
  (t) => [check("mains_series_title_not_blank", sql`btrim(${t.title}) <> ''`)],
);

/**
 * A full-length Mains test (decision 063): a paper of Mains questions written in one booklet in a
 * window, an attempt kind on the engine (`exam_attempts.mains_test_id`). Students see it once
 * `published`; `results_published_at` is set when its marks and ranks go out (by an admin, or at
 * `results_at` by the sweeper).
 */
export const mainsTests = pgTable(
  "mains_tests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seriesId: uuid("series_id").references(() => mainsSeries.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    titleHi: text("title_hi"),
    instructions: text("instructions"),
    instructionsHi: text("instructions_hi"),
    paper: text("paper").$type<MainsPaper>().notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(DEFAULT_MAINS_DURATION_MINUTES),
    /** After the writing time, for photographing and uploading; a booklet after it is refused. */
    uploadGraceMinutes: integer("upload_grace_minutes")
      .notNull()
      .default(DEFAULT_UPLOAD_GRACE_MINUTES),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    isFree: boolean("is_free").notNull().default(true),
    published: boolean("published").notNull().default(false),
    /**
     * How many questions a student answers in each section (position 0 is section 1); null:
     * every question. The Essay paper: [1, 1] (one of four in each of two sections).
     */
    sectionChoose: jsonb("section_choose").$type<number[] | null>(),
    /** Whether mentors claim a whole booklet, or one question across many booklets. */
    evaluationMode: text("evaluation_mode").$type<EvaluationMode>().notNull().default("booklet"),
    /** Percent of answers marked a second time, blind, for the agreement figures. */
    doubleMarkPercent: integer("double_mark_percent")
      .notNull()
      .default(DEFAULT_DOUBLE_MARK_PERCENT),
    /** Promised: results within this many hours of the later of submission and the close. */
    turnaroundHours: integer("turnaround_hours").notNull().default(DEFAULT_MAINS_TURNAROUND_HOURS),
    /** When the sweeper publishes results by itself (what is evaluated by then); null: an admin. */
    resultsAt: timestamp("results_at", { withTimezone: true }),
    resultsPublishedAt: timestamp("results_published_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("mains_tests_series_idx").on(t.seriesId, t.opensAt),
    index("mains_tests_opens_idx").on(t.opensAt.desc()),
    index("mains_tests_results_due_idx")
      .on(t.resultsAt)
      .where(sql`${t.resultsAt} is not null and ${t.resultsPublishedAt} is null`),
    check("mains_tests_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("mains_tests_window", sql`${t.closesAt} > ${t.opensAt}`),
    check("mains_tests_duration_range", sql`${t.durationMinutes} between 10 and 600`),
    check("mains_tests_grace_range", sql`${t.uploadGraceMinutes} between 0 and 240`),
    check("mains_tests_double_mark_range", sql`${t.doubleMarkPercent} between 0 and 100`),
    check("mains_tests_turnaround_range", sql`${t.turnaroundHours} between 1 and 2160`),
    check("mains_tests_mode_valid", inList("evaluation_mode", EVALUATION_MODES)),
  ],
);

/** A question of a test, in order, with the marks and word limit it carries in this paper. */
export const mainsTestQuestions = pgTable(
  "mains_test_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    testId: uuid("test_id")
      .notNull()
      .references(() => mainsTests.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => mainsQuestions.id, { onDelete: "restrict" }),
    /** 1, 2, … in the paper. */
    position: integer("position").notNull(),
    /** 1, 2, …: the section whose choice rule (`mains_tests.section_choose`) it falls under. */
    section: smallint("section").notNull().default(1),
    marks: integer("marks").notNull(),
    /** null: no word limit. */
    wordLimit: integer("word_limit"),
  },
  (t) => [
    uniqueIndex("mains_test_questions_position_key").on(t.testId, t.position),
    uniqueIndex("mains_test_questions_question_key").on(t.testId, t.questionId),
    check("mains_test_questions_position_positive", sql`${t.position} > 0`),
    check("mains_test_questions_section_positive", sql`${t.section} > 0`),
    check("mains_test_questions_marks_range", sql`${t.marks} between 1 and 250`),
    check(
      "mains_test_questions_word_limit_positive",
      sql`${t.wordLimit} is null or ${t.wordLimit} > 0`,
    ),
  ],
);

/**
 * A per-mentor correction of a test's marks, in marks per answer (−2.5 lowers each of that
 * mentor's marks by 2.5), set by an admin before results; applied to the published marks.
 */
export const mainsModeration = pgTable(
  "mains_moderation",
  {
    testId: uuid("test_id")
      .notNull()
      .references(() => mainsTests.id, { onDelete: "cascade" }),
    mentorId: text("mentor_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    correction: numeric("correction", { precision: 5, scale: 2 }).notNull(),
    setBy: text("set_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt,
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.mentorId] }),
    check("mains_moderation_correction_range", sql`${t.correction} between -50 and 50`),
  ],
);
