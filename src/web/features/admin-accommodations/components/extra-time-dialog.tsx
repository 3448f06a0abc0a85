import { NumberField, SelectField, TextField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  accommodationGrantSchema,
  DEFAULT_MINUTES_PER_HOUR,
  type ExtraTime,
  type ExtraTimeKind,
  extraTimeSchema,
} from "../../../../shared/accommodations.ts";

type Values = { email: string; kind: ExtraTimeKind; minutes: string };
type Output = ExtraTime & { email?: string };

const toInput = (v: Values) => ({ ...v, minutes: numberOf(v.minutes) });
const grantResolver = schemaResolver<Values, typeof accommodationGrantSchema>(
  accommodationGrantSchema,
  toInput,
);
const approveResolver = schemaResolver<Values, typeof extraTimeSchema>(extraTimeSchema, (v) => ({
  kind: v.kind,
  minutes: numberOf(v.minutes),
}));

/**
 * The extra time to grant: minutes per hour of the test (UPSC's 20 by default) or fixed minutes.
 * With `askEmail`, the student's account by email too (a grant after an offline check). What
 * the server refuses shows under the minutes (or the email), and the dialog stays open.
 */
export function ExtraTimeDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  askEmail?: boolean;
  run: (values: Output) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useDialogForm<Values, Output>({
    open: props.open,
    resolver: (props.askEmail ? grantResolver : approveResolver) as typeof grantResolver,
    values: () => ({ email: "", kind: "per_hour", minutes: String(DEFAULT_MINUTES_PER_HOUR) }),
  });
  const kind = form.watch("kind");
  return (
    <FormDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      form={form}
      submitLabel={props.submitLabel}
      onSubmit={async (values) => {
        try {
          await props.run(values);
          props.onOpenChange(false);
        } catch (error) {
          form.setError(props.askEmail ? "email" : "minutes", {
            message: errorMessage(error, t("Something went wrong. Please try again.")),
          });
        }
      }}
    >
      {props.description ? (
        <p className="text-sm text-muted-foreground">{props.description}</p>
      ) : null}
      {props.askEmail ? (
        <TextField
          name="email"
          label={t("Student's email")}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
      ) : null}
      <SelectField name="kind" label={t("Extra time")}>
        <option value="per_hour">{t("Minutes per hour of the test")}</option>
        <option value="fixed">{t("Fixed extra minutes")}</option>
      </SelectField>
      <NumberField
        name="minutes"
        label={kind === "per_hour" ? t("Minutes per hour") : t("Extra minutes")}
        hint={
          kind === "per_hour"
            ? t("UPSC gives persons with benchmark disabilities 20 minutes per hour.")
            : t("Added to every timed test, whatever its length.")
        }
        min={1}
      />
    </FormDialog>
  );
}
