import type { ScoringRules } from "../../../shared/scoring.ts";
import type { exams } from "../../db/schema/exams.ts";

/** An exam's scoring rules from its row (numeric columns arrive as strings). */
export function rulesOf(exam: typeof exams.$inferSelect): ScoringRules {
  return {
    passingMarks: exam.passingMarks,
    marksPerQuestion: exam.marksPerQuestion === null ? null : Number(exam.marksPerQuestion),
    negativeMarkFraction:
      exam.negativeMarkFraction === null ? null : Number(exam.negativeMarkFraction),
  };
}
