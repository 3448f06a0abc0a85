import type { Role } from "../../../shared/constants.ts";
import { quizVisibleToStudents } from "../answer-keys/key-gate.ts";

/**
 * Students see a quiz from its published day on, and only once it has questions (the
 * trigger-kept count; the partial index quizzes_visible_idx holds exactly these rows). The
 * answer-keys gate holds an unpublished quiz's keys by the same rule.
 */
export const visibleToStudents = quizVisibleToStudents;

/**
 * Who may open a quiz's PDF (decision 030): it may hold the answers, so like the key it opens to
 * a student only after a completed attempt, unless the admin marked it answer-free. The card's
 * link and GET /api/quizzes/:id/pdf both ask this.
 */
export function mayOpenQuizPdf(
  role: Role,
  quiz: { pdfHasNoAnswers: boolean },
  hasCompleted: boolean,
): boolean {
  return role === "admin" || quiz.pdfHasNoAnswers || hasCompleted;
}
