import { sql } from "drizzle-orm";
import {
  char,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { CONFIDENCE_TAGS, type Confidence } from "../../../shared/confidence.ts";
import type { OptionKey } from "../../../shared/constants.ts";
import { REVISION_SOURCES, type RevisionSource } from "../../../shared/revision.ts";
import { user } from "./auth.ts";
import { examAttempts, questions } from "./exams.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * The revision notebook (decision 041): one card per student and question, collected when an
 * exam, quiz or practice attempt is graded (wrong, skipped, or tagged 50:50 or Guess) or saved
 * by the student from a completed attempt's review. The FSRS columns are ts-fsrs's `Card`
 * (`modules/revision/revision-schedule.ts`); a card answered right and Sure three times in a row
 * in revision sessions is mastered (`mastered_at`) and leaves the due list.
 */
export const revisionCards = pgTable(
  "revision_cards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** Why the card is here: the answer that put it (back) in the notebook, or the student's save. */
    source: text("source").$type<RevisionSource>().notNull(),
    /** The completed attempt the student's last answer to it comes from. */
    attemptId: uuid("attempt_id").references(() => examAttempts.id, { onDelete: "set null" }),
    /** The student's last answer to the question (null: skipped) and its confidence tag. */
    selectedAnswer: char("selected_answer", { length: 1 }).$type<OptionKey>(),
    confidence: text("confidence").$type<Confidence>(),
    // ts-fsrs's Card (State: 0 new, 1 learning, 2 review, 3 relearning).
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    state: smallint("state").notNull().default(0),
    lastReview: timestamp("last_review", { withTimezone: true }),
    /** Correct answers tagged Sure in a row in revision sessions (three: mastered). */
    sureStreak: smallint("sure_streak").notNull().default(0),
    masteredAt: timestamp("mastered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    // The due list, the summary's due count and a session's draw: the student's unmastered cards by due.
    index("revision_cards_due_idx").on(t.userId, t.due).where(sql`${t.masteredAt} is null`),
    // The notebook's list (by due) and its source filter.
    index("revision_cards_user_due_idx").on(t.userId, t.due, t.questionId),
    index("revision_cards_user_source_due_idx").on(t.userId, t.source, t.due),
    // Foreign keys' deletes (a question, an attempt).
    index("revision_cards_question_idx").on(t.questionId),
    index("revision_cards_attempt_idx").on(t.attemptId).where(sql`${t.attemptId} is not null`),
    check("revision_cards_source_valid", inList("source", REVISION_SOURCES)),
    check(
      "revision_cards_selected_valid",
      sql`${t.selectedAnswer} is null or ${t.selectedAnswer} in ('A','B','C','D')`,
    ),
    check(
      "revision_cards_confidence_valid",
      sql`confidence is null or ${inList("confidence", CONFIDENCE_TAGS)}`,
    ),
    check("revision_cards_state_valid", sql`${t.state} between 0 and 3`),
    check(
      "revision_cards_counts_non_negative",
      sql`${t.reps} >= 0 and ${t.lapses} >= 0 and ${t.sureStreak} >= 0`,
    ),
  ],
);
