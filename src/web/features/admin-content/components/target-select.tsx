import { Select } from "@web/components/ui/select.tsx";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";

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

type TargetOptionsProps = { exams: Option[]; quizzes: Option[]; emptyLabel: string };

/** The exams and the quizzes as `<option>`s, grouped, after a first "none"/"all" option. */
export function TargetOptions({ exams, quizzes, emptyLabel }: TargetOptionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {exams.length ? (
        <optgroup label={t("Exams")}>
          {exams.map((exam) => (
            <option key={exam.id} value={`exam:${exam.id}`}>
              {exam.title}
            </option>
          ))}
        </optgroup>
      ) : null}
      {quizzes.length ? (
        <optgroup label={t("Quizzes")}>
          {quizzes.map((quiz) => (
            <option key={quiz.id} value={`quiz:${quiz.id}`}>
              {quiz.title}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}

/** The exams and the quizzes as one native select (a form field's control). */
export function TargetSelect({
  exams,
  quizzes,
  emptyLabel,
  ...props
}: TargetOptionsProps & ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      <TargetOptions exams={exams} quizzes={quizzes} emptyLabel={emptyLabel} />
    </Select>
  );
}
