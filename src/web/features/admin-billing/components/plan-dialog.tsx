import {
  NumberField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useTranslation } from "react-i18next";
import {
  PLAN_DEFAULTS,
  PLAN_MESSAGES,
  planInputSchema,
  UNLIMITED,
} from "../../../../shared/subscriptions.ts";
import { type AdminPlan, useSavePlan } from "../api/plans.ts";

type PlanForm = Record<
  | "name"
  | "description"
  | "price"
  | "currency"
  | "durationDays"
  | "examLimit"
  | "attemptLimitPerExam"
  | "practiceLimit"
  | "evaluationLimit"
  | "features",
  string
> & { isActive: boolean };

const formOf = (plan: AdminPlan | null): PlanForm => ({
  name: plan?.name ?? "",
  description: plan?.description ?? "",
  price: String(plan?.price ?? PLAN_DEFAULTS.price),
  currency: plan?.currency ?? PLAN_DEFAULTS.currency,
  durationDays: String(plan?.durationDays ?? PLAN_DEFAULTS.durationDays),
  // Spec: unlimited (null) is shown and entered as -1.
  examLimit: String(plan ? (plan.examLimit ?? UNLIMITED) : PLAN_DEFAULTS.examLimit),
  attemptLimitPerExam: String(
    plan ? (plan.attemptLimitPerExam ?? UNLIMITED) : PLAN_DEFAULTS.attemptLimitPerExam,
  ),
  practiceLimit: String(plan ? (plan.practiceLimit ?? UNLIMITED) : UNLIMITED),
  evaluationLimit: String(plan ? (plan.evaluationLimit ?? UNLIMITED) : UNLIMITED),
  features: plan?.features.join("\n") ?? "",
  isActive: plan?.isActive ?? PLAN_DEFAULTS.isActive,
});

const resolver = schemaResolver(planInputSchema, (form: PlanForm) => ({
  ...form,
  price: numberOf(form.price),
  durationDays: numberOf(form.durationDays),
  examLimit: numberOf(form.examLimit),
  attemptLimitPerExam: numberOf(form.attemptLimitPerExam),
  practiceLimit: numberOf(form.practiceLimit),
  evaluationLimit: numberOf(form.evaluationLimit),
  features: form.features.split("\n"),
}));

export function PlanDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: AdminPlan | null;
}) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const form = useDialogForm({ open: props.open, resolver, values: () => formOf(props.plan) });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.plan ? t("Edit Plan") : t("Add New Plan")}
      form={form}
      submitLabel={t("Save Plan")}
      onSubmit={async (input) => {
        try {
          await save.mutateAsync({ id: props.plan?.id, input });
          notify.success(t("Plan Saved"), t('"{{name}}" has been saved.', { name: input.name }));
          props.onOpenChange(false);
        } catch (error) {
          notify.error(t("Error saving plan"), errorMessage(error));
        }
      }}
    >
      <TextField name="name" label={t("Name")} />
      <TextareaField name="description" label={t("Description (optional)")} rows={2} />
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField name="price" label={t("Price")} min={0} step={0.01} inputMode="decimal" />
        <TextField name="currency" label={t("Currency")} />
        <NumberField
          name="durationDays"
          label={t("Duration (Days)")}
          min={0}
          hint={t("0 means lifetime")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          name="examLimit"
          label={t("Exam Limit")}
          min={-1}
          hint={t("Premium exams, and premium quizzes counted apart. -1 means unlimited")}
        />
        <NumberField
          name="attemptLimitPerExam"
          label={t("Attempt Limit (per exam)")}
          min={-1}
          hint={t("-1 means unlimited")}
        />
        <NumberField
          name="practiceLimit"
          label={t("Practice Limit (per month)")}
          min={-1}
          hint={t("Practice tests a student may build each month. -1 means unlimited")}
        />
        <NumberField
          name="evaluationLimit"
          label={t("Evaluation Limit (per plan period)")}
          min={-1}
          hint={t(
            "Mains answers a student may submit for evaluation each plan period. -1 means unlimited",
          )}
        />
      </div>
      <TextareaField name="features" label={t("Features (one per line)")} rows={4} />
      <SwitchField
        name="isActive"
        label={t("Active")}
        description={t(PLAN_MESSAGES.deactivateAdvice)}
      />
    </FormDialog>
  );
}
