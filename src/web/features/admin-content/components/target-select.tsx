import { Select } from "@web/components/ui/select.tsx";
import type { ComponentProps } from "react";

type Option = { id: string; title: string };

/** A question's owner as one select value: "exam:<id>" or "quiz:<id>" (decision 018). */
export type TargetValue = `exam:${string}` | `quiz:${string}` | "";

export function parseTarget(value: string): { examId: string | null; quizId: string | null } {
  if (value.startsWith("exam:")) return { examId: value.slice(5), quizId: null };
  if (value.startsWith("quiz:")) return { examId: null, quizId: value.slice(5) };
  return { examId: null, quizId: null };
}

export function targetValueOf(q: { examId: string | null; quizId: string | null }): TargetValue {
  if (q.quizId) return `quiz:${q.quizId}`;
  return q.examId ? `exam:${q.examId}` : "";
}

/** The exams and the quizzes as one native select, grouped, with a first "none"/"all" option. */
export function TargetSelect({
  exams,
  quizzes,
  emptyLabel,
  ...props
}: { exams: Option[]; quizzes: Option[]; emptyLabel: string } & ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      <option value="">{emptyLabel}</option>
      {exams.length ? (
        <optgroup label="Exams">
          {exams.map((exam) => (
            <option key={exam.id} value={`exam:${exam.id}`}>
              {exam.title}
            </option>
          ))}
        </optgroup>
      ) : null}
      {quizzes.length ? (
        <optgroup label="Quizzes">
          {quizzes.map((quiz) => (
            <option key={quiz.id} value={`quiz:${quiz.id}`}>
              {quiz.title}
            </option>
          ))}
        </optgroup>
      ) : null}
    </Select>
  );
}
