import { GstStateOptions } from "@web/components/billing/gst-state-options.tsx";
import {
  NumberField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
} from "@web/components/form/fields.tsx";
import { numberOf, schemaResolver } from "@web/components/form/schema-resolver.ts";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { REPORT_SLA_MAX_HOURS, REPORT_SLA_MIN_HOURS } from "../../../../shared/question-reports.ts";
import {
  SETTINGS_MESSAGES,
  type SiteSettingsInput,
  siteSettingsInputSchema,
} from "../../../../shared/settings.ts";
import { type AdminSettings, useAdminSettings } from "../api/get-settings.ts";
import { useUpdateSettings } from "../api/update-settings.ts";
import { SiteLogoCard } from "../components/site-logo.tsx";

/**
 * The form's fields as typed: the GST rate is text, blank when GST does not apply; the report
 * SLA's hours are text too (a number input's value).
 */
type SettingsValues = Omit<Required<SiteSettingsInput>, "gstRate" | "reportSlaHours"> & {
  gstRate: string;
  reportSlaHours: string;
};

const valuesOf = (s: AdminSettings): SettingsValues => ({
  appTitle: s.appTitle,
  contactEmail: s.contactEmail,
  maintenanceMode: s.maintenanceMode,
  examName: s.examName,
  examDate: s.examDate,
  sellerName: s.sellerName,
  sellerAddress: s.sellerAddress,
  sellerGstin: s.sellerGstin,
  sellerStateCode: s.sellerStateCode,
  gstRate: s.gstRate === null ? "" : String(s.gstRate),
  reportSlaHours: String(s.reportSlaHours),
});

const resolver = schemaResolver<SettingsValues, typeof siteSettingsInputSchema>(
  siteSettingsInputSchema,
  (values) => ({
    ...values,
    gstRate: values.gstRate.trim() === "" ? null : Number(values.gstRate),
    reportSlaHours: numberOf(values.reportSlaHours),
  }),
);

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const form = useForm<SettingsValues, unknown, SiteSettingsInput>({
    resolver,
    defaultValues: valuesOf(initial),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(valuesOf(saved));
      notify.success(t("Settings Saved"), t("Your site settings have been updated."));
    } catch (error) {
      notify.error(t("Error Saving Settings"), errorMessage(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <TextField name="appTitle" id="appTitle" label={t("Application Title")} />
        <TextField
          name="contactEmail"
          id="contactEmail"
          label={t("Contact Email")}
          type="email"
          inputMode="email"
          hint={t("Support requests are sent here, and the Contact page shows it.")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="examName" id="examName" label={t("Target exam (home page)")} />
          <TextField name="examDate" id="examDate" label={t("Next exam date")} type="date" />
        </div>
        <SwitchField
          name="maintenanceMode"
          id="maintenanceMode"
          label={t("Maintenance Mode")}
          description={t(SETTINGS_MESSAGES.maintenanceHelp)}
        />
        <fieldset className="grid gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">{t("Business and tax invoices")}</legend>
          <p className="text-sm text-muted-foreground">
            {t(
              "Shown on every tax invoice, and the address on the Contact page. Plan prices include GST at the rate set here.",
            )}
          </p>
          <TextField
            name="sellerName"
            label={t("Business name")}
            hint={t("Leave blank to use the application title.")}
          />
          <TextareaField name="sellerAddress" label={t("Postal address")} rows={3} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="sellerGstin"
              label={t("GSTIN")}
              autoCapitalize="characters"
              hint={t("Leave blank if the business is not registered for GST.")}
            />
            <TextField
              name="gstRate"
              label={t("GST rate (%)")}
              inputMode="decimal"
              hint={t("Leave blank when GST is not applicable.")}
            />
          </div>
          <SelectField
            name="sellerStateCode"
            label={t("State (GST)")}
            hint={t(
              "The business's state: CGST and SGST are charged to students in it, IGST to the others.",
            )}
          >
            <GstStateOptions blankLabel={t("Not set (taken from the GSTIN)")} />
          </SelectField>
        </fieldset>
        <fieldset className="grid gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-semibold">{t("Question reports")}</legend>
          <NumberField
            name="reportSlaHours"
            label={t("Hours to answer a question report")}
            min={REPORT_SLA_MIN_HOURS}
            max={REPORT_SLA_MAX_HOURS}
            step={1}
            className="sm:max-w-40"
            hint={t(
              "The report queue shows each question as due this many hours after its oldest open report (1 to 720).",
            )}
          />
        </fieldset>
        <Button type="submit" disabled={isSubmitting} className="sm:justify-self-start">
          {isSubmitting ? (
            <>
              <Spinner label={t("Saving")} className="size-4" /> {t("Saving...")}
            </>
          ) : (
            t("Save Settings")
          )}
        </Button>
      </form>
    </FormProvider>
  );
}

export function AdminSettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader
        title={t("Site Settings")}
        description={t("The application's name, contact address and availability.")}
        backTo="/admin/dashboard"
        backLabel={t("Back to Dashboard")}
      />
      <QueryContent
        query={settings}
        loadingLabel={t("Loading settings...")}
        error={(error, retry) => (
          <ErrorState
            title={t("Error Fetching Settings")}
            message={error?.message}
            onRetry={retry}
          />
        )}
      >
        {(data) => (
          <>
            <Card className="p-5 sm:p-6">
              <SettingsForm initial={data} />
            </Card>
            <SiteLogoCard logoUrl={data.logoUrl} />
          </>
        )}
      </QueryContent>
    </div>
  );
}
