import { TextareaField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { accommodationReasonSchema } from "../../../../shared/accommodations.ts";

type Values = { reason: string };
const resolver = schemaResolver<Values, typeof accommodationReasonSchema>(
  accommodationReasonSchema,
);

/** Refusing or revoking a request: the reason the student reads on their profile. */
export function ReasonDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  run: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useDialogForm<Values, Values>({
    open: props.open,
    resolver,
    values: () => ({ reason: "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      form={form}
      submitLabel={props.submitLabel}
      onSubmit={async ({ reason }) => {
        try {
          await props.run(reason);
          props.onOpenChange(false);
        } catch (error) {
          form.setError("reason", {
            message: errorMessage(error, t("Something went wrong. Please try again.")),
          });
        }
      }}
    >
      <p className="text-sm text-muted-foreground">{props.description}</p>
      <TextareaField name="reason" label={t("Reason (the student reads it)")} rows={3} />
    </FormDialog>
  );
}
