import { NumberField, SelectField, SwitchField } from "@web/components/form/fields.tsx";
import { schemaResolver } from "@web/components/form/schema-resolver.ts";
import { Button } from "@web/components/ui/button.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  REFERRAL_MESSAGES,
  type ReferralSettingsInput,
  type RewardKind,
  referralSettingsInputSchema,
} from "../../../../shared/referrals.ts";
import { useReferralSettings, useSaveReferralSettings } from "../api/referrals.ts";

type Values = {
  enabled: boolean;
  creditKind: RewardKind;
  creditValue: string;
  creditExpiryDays: string;
  discountKind: RewardKind;
  discountValue: string;
};

const toInput = (v: Values) => ({
  enabled: v.enabled,
  creditKind: v.creditKind,
  creditValue: v.creditValue === "" ? Number.NaN : Number(v.creditValue),
  creditExpiryDays: v.creditExpiryDays === "" ? Number.NaN : Number(v.creditExpiryDays),
  discountKind: v.discountKind,
  discountValue: v.discountValue === "" ? Number.NaN : Number(v.discountValue),
});

/** The programme's settings: on/off, the referrer's credit and its life, the friend's discount. */
export function ReferralSettingsForm() {
  const { t } = useTranslation();
  const settings = useReferralSettings();
  const save = useSaveReferralSettings();
  const form = useForm<Values, unknown, ReferralSettingsInput>({
    resolver: schemaResolver(referralSettingsInputSchema, toInput),
    defaultValues: {
      enabled: true,
      creditKind: "amount",
      creditValue: "",
      creditExpiryDays: "",
      discountKind: "amount",
      discountValue: "",
    },
  });
  const data = settings.data;
  useEffect(() => {
    if (!data) return;
    form.reset({
      enabled: data.enabled,
      creditKind: data.creditKind,
      creditValue: String(data.creditValue),
      creditExpiryDays: String(data.creditExpiryDays),
      discountKind: data.discountKind,
      discountValue: String(data.discountValue),
    });
  }, [data, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      notify.success(t("Saved"), t(REFERRAL_MESSAGES.settingsSaved));
    } catch (error) {
      notify.error(t("Could not save"), t(errorMessage(error, t("An unexpected error occurred."))));
    }
  });
  const kinds = (
    <>
      <option value="amount">{t("Amount (₹)")}</option>
      <option value="percent">{t("Percentage (%)")}</option>
    </>
  );
  return (
    <FormProvider {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="referral-settings-title"
        className="grid gap-4 rounded-xl border border-border p-4"
      >
        <h2 id="referral-settings-title" className="text-lg font-semibold">
          {t("Referral settings")}
        </h2>
        <SwitchField
          name="enabled"
          label={t("Referral programme on")}
          description={t("Off: no discounts and no new credits; credits already earned stay.")}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField name="creditKind" label={t("Referrer's credit")}>
            {kinds}
          </SelectField>
          <NumberField
            name="creditValue"
            label={t("Credit value")}
            hint={t("Rupees, or percent of what the friend paid.")}
            step="0.01"
            min="0"
          />
          <NumberField name="creditExpiryDays" label={t("Credit valid for (days)")} min="1" />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField name="discountKind" label={t("Friend's first-purchase discount")}>
            {kinds}
          </SelectField>
          <NumberField
            name="discountValue"
            label={t("Discount value")}
            hint={t("Rupees, or percent of the plan's price.")}
            step="0.01"
            min="0"
          />
        </div>
        <Button type="submit" className="h-11 justify-self-start" disabled={save.isPending}>
          {save.isPending ? t("Saving...") : t("Save settings")}
        </Button>
      </form>
    </FormProvider>
  );
}
