import { TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { mentorEmailSchema } from "../../../../shared/evaluation.ts";

type EmailValues = { email: string };
const resolver = schemaResolver<EmailValues, typeof mentorEmailSchema>(mentorEmailSchema);

/**
 * One email address, sent by `run`: "Add mentor" (an existing account) and "Invite by email"
 * (a mail with a link). What the server refuses ("No account uses that email address.") shows
 * under the field, and the dialog stays open.
 */
export function MentorEmailDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  run: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useDialogForm<EmailValues, { email: string }>({
    open: props.open,
    resolver,
    values: () => ({ email: "" }),
  });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      form={form}
      submitLabel={props.submitLabel}
      onSubmit={async ({ email }) => {
        try {
          await props.run(email);
          props.onOpenChange(false);
        } catch (error) {
          form.setError("email", {
            message: errorMessage(error, t("Something went wrong. Please try again.")),
          });
        }
      }}
    >
      <p className="text-sm text-muted-foreground">{props.description}</p>
      <TextField
        name="email"
        label={t("Email")}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
    </FormDialog>
  );
}
