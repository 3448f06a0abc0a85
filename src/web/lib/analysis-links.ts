import type { ContentKind } from "../../shared/attempt-kinds.ts";

/**
 * The admin's question analysis of an exam or a quiz (decision 036). Here, below the features,
 * because Manage Exams, Manage Quizzes and Student Results link to it.
 */
export const ANALYSIS_PATHS: Record<ContentKind, (targetId: string) => string> = {
  exam: (id) => `/admin/exams/${id}/analysis`,
  quiz: (id) => `/admin/quizzes/${id}/analysis`,
};
