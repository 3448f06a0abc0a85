import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../../shared/home.ts";
import { quizzes } from "../../db/schema/quizzes.ts";
import { localDate } from "../home/study-streak.ts";

/** Publication days are India's calendar days (the audience's), whatever the server's zone. */
export function publicationDay(now: Date): string {
  return localDate(now, DEFAULT_TIME_ZONE);
}

/**
 * Students see a quiz from its published day on, and only once it has questions (the
 * trigger-kept count; the partial index quizzes_visible_idx holds exactly these rows).
 */
export function visibleToStudents(now: Date) {
  return sql`(${quizzes.publishedOn} <= ${publicationDay(now)}::date and ${quizzes.questionCount} > 0)`;
}
