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
  creditMaxSharePercent: string;
  minPlanPrice: string;
  monthlyCreditLimit: string;
  creditHoldDays: string;
};

const num = (value: string) => (value === "" ? Number.NaN : Number(value));
const toInput = (v: Values) => ({
  enabled: v.enabled,
  creditKind: v.creditKind,
  creditValue: num(v.creditValue),
  creditExpiryDays: num(v.creditExpiryDays),
  discountKind: v.discountKind,
  discountValue: num(v.discountValue),
  creditMaxSharePercent: num(v.creditMaxSharePercent),
  minPlanPrice: num(v.minPlanPrice),
  monthlyCreditLimit: num(v.monthlyCreditLimit),
  creditHoldDays: num(v.creditHoldDays),
});

/**
 * The programme's settings: on/off, the referrer's credit and its life, the friend's discount,
 * and the limits that keep credit from being farmed (decision 058).
 */
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
      creditMaxSharePercent: "",
      minPlanPrice: "",
      monthlyCreditLimit: "",
      creditHoldDays: "",
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
      creditMaxSharePercent: String(data.creditMaxSharePercent),
      minPlanPrice: String(data.minPlanPrice),
      monthlyCreditLimit: String(data.monthlyCreditLimit),
      creditHoldDays: String(data.creditHoldDays),
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
        <fieldset className="grid items-start gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">
            {t("Limits on the referrer's credit")}
          </legend>
          <NumberField
            name="creditMaxSharePercent"
            label={t("Most of what the friend paid (%)")}
            hint={t("The credit never exceeds this share of the friend's payment.")}
            min="0"
            max="100"
          />
          <NumberField
            name="minPlanPrice"
            label={t("Minimum plan price (₹)")}
            hint={t("Cheaper plans earn no credit.")}
            step="0.01"
            min="0"
          />
          <NumberField
            name="monthlyCreditLimit"
            label={t("Credits per referrer a month")}
            hint={t("Calendar month, India time.")}
            min="1"
            max="1000"
          />
          <NumberField
            name="creditHoldDays"
            label={t("Refund window (days)")}
            hint={t("A credit is pending this long; a refund in it cancels the credit.")}
            min="0"
            max="365"
          />
        </fieldset>
        <Button type="submit" className="h-11 justify-self-start" disabled={save.isPending}>
          {save.isPending ? t("Saving...") : t("Save settings")}
        </Button>
      </form>
    </FormProvider>
  );
}
