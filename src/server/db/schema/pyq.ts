import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { OptionKey } from "../../../shared/constants.ts";
import { user } from "./auth.ts";
import { questions } from "./exams.ts";

/**
 * A student's one answer to a previous-year question in the PYQ explorer: graded
 * when it is given and kept as it was, so a second answer returns the first verdict and a reload
 * shows it. Outside any attempt: these answers count toward no score, rank or analysis.
 */
export const pyqAnswers = pgTable(
  "pyq_answers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    selectedAnswer: char("selected_answer", { length: 1 }).$type<OptionKey>().notNull(),
    isCorrect: boolean("is_correct").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One answer per student and question; also the read of a page's verdicts.
    primaryKey({ name: "pyq_answers_user_question_key", columns: [t.userId, t.questionId] }),
    // Deleting a question removes its answers by this index.
    index("pyq_answers_question_id_idx").on(t.questionId),
    check("pyq_answers_selected_valid", sql`${t.selectedAnswer} in ('A','B','C','D')`),
  ],
);
