import type { exams } from "../../db/schema/exams.ts";

type ExamRow = typeof exams.$inferSelect;

/** The exam as the API shows it (numeric columns as numbers, dates as ISO strings). */
export function toExamDto(row: ExamRow, category: { id: string; name: string } | null) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    timeLimitSeconds: row.timeLimitSeconds,
    passingMarks: row.passingMarks,
    categoryId: row.categoryId,
    category,
    kind: row.kind,
    year: row.year,
    section: row.section,
    isFree: row.isFree,
    marksPerQuestion: row.marksPerQuestion === null ? null : Number(row.marksPerQuestion),
    negativeMarkFraction:
      row.negativeMarkFraction === null ? null : Number(row.negativeMarkFraction),
    dropRule: row.dropRule,
    createdAt: row.createdAt.toISOString(),
  };
}
export type ExamDto = ReturnType<typeof toExamDto>;
