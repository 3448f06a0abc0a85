import { msg } from "./i18n/msg.ts";

/**
 * Exams' kinds and messages. Apart from `exams.ts` and its input schemas, so an attempt's page
 * does not load zod (the page's Total Blocking Time, decision 054).
 */

export const EXAM_KINDS = ["mock", "pyp", "series", "practice"] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];
export const EXAM_KIND_LABELS: Record<ExamKind, string> = {
  mock: msg("Mock Test"),
  pyp: msg("Previous Year Paper"),
  series: msg("Test Series"),
  practice: msg("Practice"),
};

export const EXAM_MESSAGES = {
  validation: msg(
    "Please fill all required fields correctly. Time limit must be positive (in minutes), passing marks between 0-100.",
  ),
  noCategories: msg(
    "No exam categories found. Please create at least one exam category before creating an exam.",
  ),
  questionValidation: msg(
    "Please fill all required fields: Question Text, all Options, Correct Answer, and select an Exam.",
  ),
  invalidCorrectAnswer: msg("Correct answer must be A, B, C, or D."),
  invalidConfidence: msg("Confidence must be sure, fifty_fifty, guess or null."),
  noExamsForQuestions: msg(
    "No exams found. Please create at least one exam before adding questions.",
  ),
  examLoadFailed: msg("Exam data could not be loaded or no questions found."),
} as const;
