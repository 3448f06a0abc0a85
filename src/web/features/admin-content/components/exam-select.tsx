import { Select } from "@web/components/ui/select.tsx";
import type { ComponentProps } from "react";

/** The exams as a native select, with a first option for "none chosen" or "all". */
export function ExamSelect({
  exams,
  emptyLabel,
  ...props
}: { exams: { id: string; title: string }[]; emptyLabel: string } & ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      <option value="">{emptyLabel}</option>
      {exams.map((exam) => (
        <option key={exam.id} value={exam.id}>
          {exam.title}
        </option>
      ))}
    </Select>
  );
}
