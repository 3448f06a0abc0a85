import { GstStateOptions } from "@web/components/billing/gst-state-options.tsx";
import { SelectField } from "@web/components/form/fields.tsx";
import { FormDialog, useDialogForm } from "@web/components/form/form-dialog.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { useTranslation } from "react-i18next";
import { buyerStateInputSchema } from "../../../../shared/gst-states.ts";

const resolver = schemaResolver<{ stateCode: string }, typeof buyerStateInputSchema>(
  buyerStateInputSchema,
);

/**
 * Asked once, before the first paid checkout opens (decision 059): the student's state or union
 * territory, the place of supply on their tax invoices.
 */
export function BillingStateDialog(props: {
  open: boolean;
  onChoose: (stateCode: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useDialogForm({ open: props.open, resolver, values: () => ({ stateCode: "" }) });
  return (
    <FormDialog
      open={props.open}
      onOpenChange={(open) => (open ? null : props.onCancel())}
      title={t("Your state for the tax invoice")}
      form={form}
      onSubmit={(values) => props.onChoose(values.stateCode)}
      submitLabel={t("Continue to payment")}
    >
      <SelectField
        name="stateCode"
        label={t("State or union territory")}
        hint={t(
          "Your GST invoice names it as the place of supply. We ask once; you can change it on your transactions page.",
        )}
      >
        <GstStateOptions blankLabel={t("Choose your state")} />
      </SelectField>
    </FormDialog>
  );
}
