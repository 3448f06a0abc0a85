import { SelectField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import type { ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { studyGoalSchema } from "../../../../shared/study-goal.ts";

type Fields = { hours: string };
const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The last step: hours of study a day (the dashboard's streak bar measures against it). */
export function GoalStep(props: {
  initialHours: number;
  onSave: (hours: number) => Promise<void>;
  secondary: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<Fields, unknown, { hours: number }>({
    resolver: schemaResolver(studyGoalSchema, (v: Fields) => ({ hours: Number(v.hours) })),
    defaultValues: { hours: String(props.initialHours) },
  });
  // A goal set elsewhere above 12 hours is still offered as it is.
  const hours = HOURS.includes(props.initialHours) ? HOURS : [...HOURS, props.initialHours];
  return (
    <FormProvider {...form}>
      <form
        className="grid gap-4"
        onSubmit={form.handleSubmit((v) => props.onSave(v.hours))}
        noValidate
      >
        <SelectField
          name="hours"
          label={t("Hours of study a day")}
          hint={t("Most working aspirants manage 2 to 4. You can change it later.")}
        >
          {hours.map((h) => (
            <option key={h} value={String(h)}>
              {h}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {props.secondary}
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? t("Saving...") : t("Finish")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
