import { zodResolver } from "@hookform/resolvers/zod";
import { CheckboxField, TextareaField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { FieldMessage } from "@web/components/ui/form-field.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useId } from "react";
import { get, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type ReportInput, reportInputSchema } from "../../../shared/question-report-schemas.ts";
import {
  REPORT_NOTE_MAX_CHARS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from "../../../shared/question-reports.ts";
import { useCreateReport } from "./report-api.ts";

/** What is wrong: one of the reasons, as radio buttons under their question. */
function ReasonField() {
  const { t } = useTranslation();
  const id = useId();
  const { register, formState } = useFormContext<ReportInput>();
  const error = (get(formState.errors, "reason") as { message?: string } | undefined)?.message;
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{t("What is wrong?")}</legend>
      {REPORT_REASONS.map((reason) => (
        <label
          key={reason}
          className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary"
        >
          <input type="radio" value={reason} className="size-4" {...register("reason")} />
          {t(REPORT_REASON_LABELS[reason])}
        </label>
      ))}
      <FieldMessage id={id} error={error} />
    </fieldset>
  );
}

/**
 * "Report an error" on a reviewed question: what is wrong, a note, and whether to be credited by
 * name on the key-change log if the key changes. The server takes one open report per question
 * and student; a refusal says why (already reported, or the question cannot be reached now).
 */
export function ReportDialog(props: {
  questionId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateReport();
  const form = useDialogForm<ReportInput>({
    open: props.open,
    resolver: zodResolver(reportInputSchema),
    values: () => ({
      questionId: props.questionId,
      reason: "" as ReportInput["reason"],
      note: "",
      creditMe: false,
    }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("Report an error")}
      form={form}
      submitLabel={t("Send report")}
      onSubmit={async (input) => {
        try {
          await create.mutateAsync(input);
          notify.success(
            t("Report sent"),
            t("Thank you. You will be told here and by a message when it is answered."),
          );
          props.onOpenChange(false);
        } catch (error) {
          // Already reported (another tab): the button shows that report once refreshed.
          if (error instanceof ApiError && error.status === 409) props.onOpenChange(false);
          notify.error(t("The report was not sent"), errorMessage(error));
        }
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t("An admin reads every report. If the key changes, every attempt is graded again.")}
      </p>
      <ReasonField />
      <TextareaField
        name="note"
        label={t("Note (optional)")}
        rows={4}
        maxLength={REPORT_NOTE_MAX_CHARS}
        hint={t("What should it say? Name a source if you can.")}
      />
      <CheckboxField
        name="creditMe"
        label={t("Credit me by name on the key-change log if the key changes")}
      />
    </FormDialog>
  );
}
