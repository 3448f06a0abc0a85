import { SelectField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  TARGET_EXAM_LABELS,
  TARGET_EXAMS,
  targetYearChoices,
} from "../../../../shared/onboarding.ts";
import { type TargetExamInput, targetExamSchema } from "../../../../shared/onboarding-schemas.ts";

type Fields = { exam: string; year: string };

/** Step one: the exam and the year, saved before the next step opens. */
export function TargetStep(props: {
  initial: { exam: string; year: number };
  onSave: (input: TargetExamInput) => Promise<void>;
  secondary: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<Fields, unknown, TargetExamInput>({
    // The schema refuses an exam that is not in the list; the cast only hands the text over.
    resolver: schemaResolver(targetExamSchema, (v: Fields) => ({
      exam: v.exam as TargetExamInput["exam"],
      year: Number(v.year),
    })),
    defaultValues: { exam: props.initial.exam, year: String(props.initial.year) },
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={form.handleSubmit(props.onSave)} noValidate>
        <SelectField name="exam" label={t("Exam")}>
          {TARGET_EXAMS.map((exam) => (
            <option key={exam} value={exam}>
              {t(TARGET_EXAM_LABELS[exam])}
            </option>
          ))}
        </SelectField>
        <SelectField name="year" label={t("Year you will sit it")}>
          {targetYearChoices().map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {props.secondary}
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t("Saving...") : t("Next")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
