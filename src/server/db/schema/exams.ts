import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CONFIDENCE_TAGS, type Confidence } from "../../../shared/confidence.ts";
import type { OptionKey } from "../../../shared/constants.ts";
import type { DropRule } from "../../../shared/question-reports.ts";
import type { QuestionTranslations } from "../../../shared/question-translations.ts";
import { QUESTION_DIFFICULTIES, type QuestionDifficulty } from "../../../shared/taxonomy.ts";
import { user } from "./auth.ts";
import { mainsTests } from "./mains-tests.ts";
import { quizzes } from "./quizzes.ts";
import { subjects, topics } from "./taxonomy.ts";

export const examKindEnum = pgEnum("exam_kind", ["mock", "pyp", "series", "practice"]);
export const examSectionEnum = pgEnum("exam_section", ["full_length", "gs", "csat", "chapter"]);

const createdAt = timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const examCategories = pgTable(
  "exam_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    iconSlug: text("icon_slug"),
    imageSlug: text("image_slug"),
    createdAt,
    updatedAt,
  },
  (t) => [
    uniqueIndex("exam_categories_name_key").on(sql`lower(${t.name})`),
    index("exam_categories_name_idx").on(t.name),
    check("exam_categories_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export const exams = pgTable(
  "exams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    timeLimitSeconds: integer("time_limit_seconds").notNull().default(3600),
    passingMarks: integer("passing_marks").notNull().default(70),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => examCategories.id, { onDelete: "restrict" }),
    kind: examKindEnum("kind").notNull().default("mock"),
    year: integer("year"),
    section: examSectionEnum("section"),
    isFree: boolean("is_free").notNull().default(true),
    /** Negative marking: off when null. Marks per correct answer, and the penalty fraction. */
    marksPerQuestion: numeric("marks_per_question", { precision: 6, scale: 2 }),
    negativeMarkFraction: numeric("negative_mark_fraction", { precision: 5, scale: 4 }),
    /** A question dropped after a key challenge: everyone gets its marks, or it leaves the total. */
    dropRule: text("drop_rule").$type<DropRule>().notNull().default("award"),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("exams_category_id_idx").on(t.categoryId),
    index("exams_created_at_idx").on(t.createdAt),
    index("exams_title_idx").on(t.title),
    index("exams_kind_section_idx").on(t.kind, t.section),
    index("exams_year_idx").on(t.year),
    check("exams_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("exams_time_limit_positive", sql`${t.timeLimitSeconds} > 0`),
    check("exams_passing_marks_range", sql`${t.passingMarks} between 0 and 100`),
    check("exams_year_range", sql`${t.year} is null or ${t.year} between 1950 and 2100`),
    check(
      "exams_negative_fraction_range",
      sql`${t.negativeMarkFraction} is null or ${t.negativeMarkFraction} between 0 and 1`,
    ),
    check("exams_drop_rule_valid", sql`${t.dropRule} in ('award','exclude')`),
    check(
      "exams_marks_per_question_positive",
      sql`${t.marksPerQuestion} is null or ${t.marksPerQuestion} > 0`,
    ),
  ],
);

/**
 * An exam scheduled as an All-India live test (decision 047): one schedule per exam,
 * keyed by the exam. Entry opens at `opens_at` for `entry_minutes`; each student has the full
 * `duration_minutes` from their own start, so the last deadline is opens_at + entry + duration.
 * Results (rank and percentile for everyone) are published at `results_at`, or at the close.
 */
export const liveTests = pgTable(
  "live_tests",
  {
    examId: uuid("exam_id")
      .primaryKey()
      .references(() => exams.id, { onDelete: "cascade" }),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    entryMinutes: integer("entry_minutes").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Null: at the close (the last deadline, including any student's extra time). */
    resultsAt: timestamp("results_at", { withTimezone: true }),
    /**
     * Frozen by the publication; until then the count is read from the registrations
     * (live-cache.ts `registeredCountSql`), so a registration updates no shared row.
     */
    registeredCount: integer("registered_count").notNull().default(0),
    /** Set once, by the publication that froze every rank. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** How many students the published distribution holds (late attempts are ranked against it). */
    publishedCount: integer("published_count"),
    /** The published distribution's average score and its best tenth's average. */
    publishedAverage: numeric("published_average", { precision: 8, scale: 2 }),
    publishedTopTenAverage: numeric("published_top_ten_average", { precision: 8, scale: 2 }),
    createdAt,
    updatedAt,
  },
  (t) => [
    index("live_tests_opens_at_idx").on(t.opensAt),
    index("live_tests_unpublished_idx").on(t.opensAt).where(sql`${t.publishedAt} is null`),
    check("live_tests_entry_range", sql`${t.entryMinutes} between 1 and 240`),
    check("live_tests_duration_range", sql`${t.durationMinutes} between 1 and 600`),
  ],
);

export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A question belongs to exactly one exam or one quiz (decision 018). */
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    questionText: text("question_text").notNull(),
    options: jsonb("options").$type<Record<OptionKey, string>>().notNull(),
    correctAnswer: char("correct_answer", { length: 1 }).$type<OptionKey>().notNull(),
    /**
     * Options also accepted besides `correct_answer` after a key change (decision 064): an answer
     * is right when it is the key or one of these. Empty for nearly every question.
     */
    alsoAccepted: text("also_accepted").array().$type<OptionKey[]>().notNull().default(sql`'{}'`),
    /**
     * Dropped by a key change: everyone gets its marks (`award`), or it leaves the total
     * (`exclude`), under the rule its paper had when it was dropped. Null: counted as usual.
     */
    droppedAs: text("dropped_as").$type<DropRule>(),
    explanation: text("explanation"),
    /** Other languages of the text, options and explanation (Hindi today): { hi: {...} }. */
    translations: jsonb("translations").$type<QuestionTranslations>().notNull().default({}),
    /** Tags (decision 034): subject, topic (of that subject), difficulty, previous-year paper's year. */
    subjectId: uuid("subject_id").references((): AnyPgColumn => subjects.id, {
      onDelete: "restrict",
    }),
    topicId: uuid("topic_id"),
    difficulty: text("difficulty").$type<QuestionDifficulty>(),
    pyqYear: integer("pyq_year"),
    createdAt,
  },
  (t) => [
    foreignKey({
      name: "questions_topic_of_subject_fk",
      columns: [t.topicId, t.subjectId],
      foreignColumns: [topics.id, topics.subjectId],
    }).onDelete("restrict"),
    check("questions_topic_needs_subject", sql`${t.topicId} is null or ${t.subjectId} is not null`),
    check(
      "questions_difficulty_valid",
      sql.raw(
        `difficulty is null or difficulty in (${QUESTION_DIFFICULTIES.map((d) => `'${d}'`).join(",")})`,
      ),
    ),
    check(
      "questions_pyq_year_range",
      sql`${t.pyqYear} is null or ${t.pyqYear} between 1950 and 2100`,
    ),
    index("questions_subject_id_idx").on(t.subjectId),
    index("questions_topic_id_idx").on(t.topicId),
    // The PYQ explorer: previous-year questions by subject, topic and year.
    index("questions_pyq_subject_topic_year_idx")
      .on(t.subjectId, t.topicId, t.pyqYear)
      .where(sql`${t.pyqYear} is not null`),
    index("questions_exam_id_created_at_idx").on(t.examId, t.createdAt),
    index("questions_quiz_id_created_at_idx")
      .on(t.quizId, t.createdAt)
      .where(sql`${t.quizId} is not null`),
    check("questions_one_owner", sql`num_nonnulls(${t.examId}, ${t.quizId}) = 1`),
    check("questions_translations_object", sql`jsonb_typeof(${t.translations}) = 'object'`),
    index("questions_created_at_idx").on(t.createdAt),
    check("questions_correct_answer_valid", sql`${t.correctAnswer} in ('A','B','C','D')`),
    check(
      "questions_also_accepted_valid",
      sql`${t.alsoAccepted} <@ array['A','B','C','D'] and not (${t.correctAnswer}::text = any(${t.alsoAccepted}))`,
    ),
    check(
      "questions_dropped_as_valid",
      sql`${t.droppedAs} is null or ${t.droppedAs} in ('award','exclude')`,
    ),
    check(
      "questions_options_complete",
      sql`${t.options} ?& array['A','B','C','D'] and jsonb_typeof(${t.options}) = 'object'`,
    ),
  ],
);

/**
 * A set of bank questions drawn for one student (decision 041): a practice test they built, or a
 * revision session of their due cards. An attempt target like an exam or a quiz (decision 041):
 * its questions stay where they are (in their exam or quiz) and are listed in
 * `question_set_items`.
 */
export const questionSets = pgTable(
  "question_sets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"practice" | "revision">().notNull(),
    title: text("title").notNull(),
    /** Untimed sets get a long window (the sweeper still closes them) and show no clock. */
    timed: boolean("timed").notNull().default(true),
    timeLimitSeconds: integer("time_limit_seconds").notNull(),
    /** Negative marking: off when null (then the score is the percentage correct). */
    marksPerQuestion: numeric("marks_per_question", { precision: 6, scale: 2 }),
    negativeMarkFraction: numeric("negative_mark_fraction", { precision: 5, scale: 4 }),
    questionCount: integer("question_count").notNull(),
    /** What the student chose (the start screen repeats it). */
    filters: jsonb("filters").$type<Record<string, unknown>>().notNull().default({}),
    /** Questions the filter matched that the student's plan does not open (premium sources). */
    leftOutPremium: integer("left_out_premium").notNull().default(0),
    createdAt,
  },
  (t) => [
    index("question_sets_user_kind_created_idx").on(t.userId, t.kind, t.createdAt),
    check("question_sets_kind_valid", sql`${t.kind} in ('practice','revision')`),
    check("question_sets_title_not_blank", sql`btrim(${t.title}) <> ''`),
    check("question_sets_time_limit_positive", sql`${t.timeLimitSeconds} > 0`),
    check("question_sets_count_positive", sql`${t.questionCount} > 0`),
    check("question_sets_left_out_non_negative", sql`${t.leftOutPremium} >= 0`),
    check(
      "question_sets_negative_fraction_range",
      sql`${t.negativeMarkFraction} is null or ${t.negativeMarkFraction} between 0 and 1`,
    ),
  ],
);

export const questionSetItems = pgTable(
  "question_set_items",
  {
    setId: uuid("set_id")
      .notNull()
      .references(() => questionSets.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.questionId] }),
    index("question_set_items_question_idx").on(t.questionId),
  ],
);

export const examAttempts = pgTable(
  "exam_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** An attempt is of exactly one exam or one quiz: the same engine runs both (decision 018). */
    examId: uuid("exam_id").references(() => exams.id, { onDelete: "cascade" }),
    quizId: uuid("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    /** A practice test or a revision session (decision 041). */
    practiceId: uuid("practice_id").references(() => questionSets.id, { onDelete: "cascade" }),
    revisionId: uuid("revision_id").references(() => questionSets.id, { onDelete: "cascade" }),
    /** An attempt at a live test (decision 047): its exam's questions, one per student. */
    liveTestId: uuid("live_test_id").references(() => liveTests.examId, { onDelete: "cascade" }),
    /** An attempt at a Mains test (decision 063): its booklet is `mains_booklets`, one per student. */
    mainsTestId: uuid("mains_test_id").references(() => mainsTests.id, { onDelete: "cascade" }),
    /** Quizzes: 1, 2, ... per student and quiz (unique); exams leave it null. */
    attemptNumber: integer("attempt_number"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** The server's clock: started_at + time limit. Answers after it (plus grace) are refused. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /**
     * The student's extra time (decision 048) granted at the start and included in the deadline;
     * kept so a later change of the accommodation leaves a running attempt alone.
     */
    extraSeconds: integer("extra_seconds").notNull().default(0),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Exams: percent. Quizzes: marks (correct ÷ questions × total marks, or × 100). */
    score: numeric("score", { precision: 8, scale: 2 }),
    timeTakenSeconds: integer("time_taken_seconds"),
    passed: boolean("passed"),
    /**
     * True on each student's first completed attempt of an exam or quiz: the one their rank,
     * percentile and the analysis counters count (decisions 018, 034).
     */
    isRanked: boolean("is_ranked").notNull().default(false),
    /** When an admin's key correction last regraded this completed attempt (decision 034). */
    regradedAt: timestamp("regraded_at", { withTimezone: true }),
  },
  (t) => [
    index("exam_attempts_user_completed_idx").on(t.userId, t.completedAt),
    index("exam_attempts_exam_id_idx").on(t.examId),
    index("exam_attempts_completed_at_idx").on(t.completedAt),
    index("exam_attempts_open_deadline_idx").on(t.deadlineAt).where(sql`${t.completedAt} is null`),
    uniqueIndex("exam_attempts_one_open_per_user_exam")
      .on(t.userId, t.examId)
      .where(sql`${t.completedAt} is null`),
    uniqueIndex("exam_attempts_one_open_per_user_quiz")
      .on(t.userId, t.quizId)
      .where(sql`${t.completedAt} is null and ${t.quizId} is not null`),
    uniqueIndex("exam_attempts_quiz_attempt_number_key")
      .on(t.userId, t.quizId, t.attemptNumber)
      .where(sql`${t.quizId} is not null`),
    // Rank: one ranked attempt per student and quiz; ordered the way rank counts (score, time).
    uniqueIndex("exam_attempts_one_ranked_per_user_quiz")
      .on(t.quizId, t.userId)
      .where(sql`${t.isRanked}`),
    index("exam_attempts_quiz_rank_idx")
      .on(t.quizId, t.score.desc(), t.timeTakenSeconds)
      .where(sql`${t.isRanked}`),
    uniqueIndex("exam_attempts_one_ranked_per_user_exam")
      .on(t.examId, t.userId)
      .where(sql`${t.isRanked} and ${t.examId} is not null`),
    index("exam_attempts_exam_rank_idx")
      .on(t.examId, t.score.desc(), t.timeTakenSeconds)
      .where(sql`${t.isRanked} and ${t.examId} is not null`),
    // Attempt counts per quiz (all time and the last 7 days).
    index("exam_attempts_quiz_completed_idx")
      .on(t.quizId, t.completedAt)
      .where(sql`${t.quizId} is not null and ${t.completedAt} is not null`),
    uniqueIndex("exam_attempts_one_open_per_user_practice")
      .on(t.userId, t.practiceId)
      .where(sql`${t.completedAt} is null and ${t.practiceId} is not null`),
    uniqueIndex("exam_attempts_one_open_per_user_revision")
      .on(t.userId, t.revisionId)
      .where(sql`${t.completedAt} is null and ${t.revisionId} is not null`),
    index("exam_attempts_practice_id_idx").on(t.practiceId).where(sql`${t.practiceId} is not null`),
    index("exam_attempts_revision_id_idx").on(t.revisionId).where(sql`${t.revisionId} is not null`),
    // A live test is taken once: one attempt per student, open or completed.
    uniqueIndex("exam_attempts_one_per_user_live")
      .on(t.liveTestId, t.userId)
      .where(sql`${t.liveTestId} is not null`),
    // A Mains test is taken once: one attempt per student, open or completed.
    uniqueIndex("exam_attempts_one_per_user_mains")
      .on(t.mainsTestId, t.userId)
      .where(sql`${t.mainsTestId} is not null`),
    check(
      "exam_attempts_one_target",
      sql`num_nonnulls(${t.examId}, ${t.quizId}, ${t.practiceId}, ${t.revisionId}, ${t.liveTestId}, ${t.mainsTestId}) = 1`,
    ),
    check(
      "exam_attempts_quiz_number",
      sql`(${t.quizId} is null) = (${t.attemptNumber} is null) and (${t.attemptNumber} is null or ${t.attemptNumber} > 0)`,
    ),
    // With negative marking an exam score can fall below zero (marks obtained over maximum
    // marks); a quiz score is marks out of its total marks.
    check(
      "exam_attempts_score_range",
      sql`${t.score} is null or (${t.quizId} is null and ${t.mainsTestId} is null and ${t.score} between -100 and 100) or ((${t.quizId} is not null or ${t.mainsTestId} is not null) and ${t.score} >= 0)`,
    ),
  ],
);

export const studentAnswers = pgTable(
  "student_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => examAttempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    selectedAnswer: char("selected_answer", { length: 1 }).$type<OptionKey>(),
    isCorrect: boolean("is_correct"),
    markedForReview: boolean("marked_for_review").notNull().default(false),
    /** How sure the student was of this answer; null when untagged. */
    confidence: text("confidence").$type<Confidence>(),
    /** The device's increasing counter: a late replay of an older choice never wins. */
    clientSeq: bigint("client_seq", { mode: "number" }).notNull().default(0),
    /**
     * Seconds the student spent on this question, summed over visits (decision 034). The client
     * sends its running total with the saves it already makes; the server keeps the larger and
     * never more than the attempt's elapsed time.
     */
    timeSpentSeconds: integer("time_spent_seconds").notNull().default(0),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("student_answers_attempt_question_key").on(t.attemptId, t.questionId),
    index("student_answers_question_id_idx").on(t.questionId),
    check(
      "student_answers_selected_valid",
      sql`${t.selectedAnswer} is null or ${t.selectedAnswer} in ('A','B','C','D')`,
    ),
    check("student_answers_time_spent_non_negative", sql`${t.timeSpentSeconds} >= 0`),
    check(
      "student_answers_confidence_valid",
      sql.raw(
        `confidence is null or confidence in (${CONFIDENCE_TAGS.map((c) => `'${c}'`).join(",")})`,
      ),
    ),
  ],
);

/**
 * What the ranked (first completed) attempts did with each question, per score band: the
 * attempt's score as a whole percent of the maximum (-100..100). Kept up to date when an attempt
 * is graded (one upsert, rows locked in question order) and rebuilt by a regrade (decision 034),
 * so the report's "most got right" shares and the admin's item analysis (facility, options,
 * time, top 27% against bottom 27%) read at most (questions x bands) rows instead of every answer.
 * Skipped = attempts - (chose_a + chose_b + chose_c + chose_d).
 */
export const questionScoreStats = pgTable(
  "question_score_stats",
  {
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    scoreBand: smallint("score_band").notNull(),
    attempts: integer("attempts").notNull().default(0),
    correct: integer("correct").notNull().default(0),
    choseA: integer("chose_a").notNull().default(0),
    choseB: integer("chose_b").notNull().default(0),
    choseC: integer("chose_c").notNull().default(0),
    choseD: integer("chose_d").notNull().default(0),
    timeSeconds: bigint("time_seconds", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.scoreBand] }),
    check("question_score_stats_band_range", sql`${t.scoreBand} between -100 and 100`),
  ],
);
