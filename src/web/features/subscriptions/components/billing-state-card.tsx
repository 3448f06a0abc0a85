import { useQueryClient } from "@tanstack/react-query";
import { GstStateOptions } from "@web/components/billing/gst-state-options.tsx";
import { SelectField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { buyerStateInputSchema } from "../../../../shared/gst-states.ts";
import { saveBillingState, useBillingState } from "../api/payments.ts";

type Values = { stateCode: string };
const resolver = schemaResolver<Values, typeof buyerStateInputSchema>(buyerStateInputSchema);

function BillingStateForm({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, Values>({
    resolver,
    defaultValues: { stateCode: initial },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveBillingState(values.stateCode);
      queryClient.setQueryData(queryKeys.payments.billingState, saved);
      form.reset({ stateCode: saved.stateCode ?? "" });
      notify.success(t("State saved"), t("Your next invoices name this state."));
    } catch (error) {
      notify.error(t("Error saving your state"), errorMessage(error));
    }
  });
  return (
    <FormProvider {...form}>
      <form
        className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={onSubmit}
        noValidate
      >
        <SelectField
          name="stateCode"
          label={t("Your state for GST invoices")}
          hint={t("The place of supply on your next invoices; issued ones stay as they are.")}
        >
          <GstStateOptions blankLabel={t("Choose your state")} />
        </SelectField>
        <Button type="submit" className="h-11" disabled={form.formState.isSubmitting}>
          {t("Save state")}
        </Button>
      </form>
    </FormProvider>
  );
}

/** The student's state for GST invoices, changed here after the first checkout asked it (059). */
export function BillingStateCard() {
  const state = useBillingState();
  if (!state.data) return null;
  return <BillingStateForm initial={state.data.stateCode ?? ""} />;
}
