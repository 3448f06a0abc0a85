import { sql } from "drizzle-orm";
import { questions } from "../../db/schema/exams.ts";

/**
 * The number of questions in the exam of the current row. Written out in full: in a single-table
 * select drizzle leaves column names unqualified, and an unqualified "id" inside this subquery
 * would mean questions.id.
 */
export const examQuestionCount = sql<number>`(select count(*)::int from ${questions} q where q.exam_id = "exams"."id")`;
