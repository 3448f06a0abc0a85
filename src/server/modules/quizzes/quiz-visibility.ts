import { sql } from "drizzle-orm";
import { quizzes } from "../../db/schema/quizzes.ts";
import { publicationDay } from "../../lib/calendar.ts";

/**
 * Students see a quiz from its published day on, and only once it has questions (the
 * trigger-kept count; the partial index quizzes_visible_idx holds exactly these rows).
 */
export function visibleToStudents(now: Date) {
  return sql`(${quizzes.publishedOn} <= ${publicationDay(now)}::date and ${quizzes.questionCount} > 0)`;
}
