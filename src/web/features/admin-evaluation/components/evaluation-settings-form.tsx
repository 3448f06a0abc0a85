import { NumberField } from "@web/components/form/fields.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type EvaluationSettings,
  evaluationSettingsSchema,
} from "../../../../shared/evaluation.ts";
import { type EvaluationConfig, useSaveEvaluationSettings } from "../api/evaluations.ts";

type SettingsValues = {
  turnaroundHours: string;
  claimHours: string;
  freeEvaluationsPerMonth: string;
  mentorsMayPublishQuestions: boolean;
};

const resolver = schemaResolver<SettingsValues, typeof evaluationSettingsSchema>(
  evaluationSettingsSchema,
  (values) => ({
    turnaroundHours: numberOf(values.turnaroundHours),
    claimHours: numberOf(values.claimHours),
    freeEvaluationsPerMonth: numberOf(values.freeEvaluationsPerMonth),
    mentorsMayPublishQuestions: values.mentorsMayPublishQuestions,
  }),
);

/** The promised turnaround, how long a claim holds, the free tier, and who publishes questions. */
export function EvaluationSettingsForm({ config }: { config: EvaluationConfig }) {
  const { t } = useTranslation();
  const save = useSaveEvaluationSettings();
  const checkboxId = useId();
  const form = useForm<SettingsValues, unknown, EvaluationSettings>({
    resolver,
    defaultValues: {
      turnaroundHours: String(config.turnaroundHours),
      claimHours: String(config.claimHours),
      freeEvaluationsPerMonth: String(config.freeEvaluationsPerMonth),
      mentorsMayPublishQuestions: config.mentorsMayPublishQuestions,
    },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      notify.success(t("Evaluation settings saved"));
    } catch (error) {
      notify.error(t("Error saving the evaluation settings"), errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="grid gap-3 sm:grid-cols-3">
          <NumberField
            name="turnaroundHours"
            label={t("Promised turnaround (hours)")}
            hint={t("Students see when their copy is due.")}
            min={1}
          />
          <NumberField
            name="claimHours"
            label={t("A claim holds for (hours)")}
            hint={t("Then an unfinished copy returns to the queue.")}
            min={1}
          />
          <NumberField
            name="freeEvaluationsPerMonth"
            label={t("Free evaluations a month")}
            hint={t("For students without a plan.")}
            min={0}
          />
        </div>
        <div className="flex items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="size-5 accent-primary"
            {...form.register("mentorsMayPublishQuestions")}
          />
          <label htmlFor={checkboxId} className="text-sm font-medium">
            {t("Mentors may publish Mains questions")}
          </label>
        </div>
        <Button type="submit" className="justify-self-start" disabled={save.isPending}>
          {save.isPending ? t("Saving...") : t("Save settings")}
        </Button>
      </form>
    </FormProvider>
  );
}
