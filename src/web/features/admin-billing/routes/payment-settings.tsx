import { zodResolver } from "@hookform/resolvers/zod";
import { SwitchField, TextField } from "@web/components/form/fields.tsx";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  RAZORPAY_WEBHOOK_EVENTS,
  type RazorpaySettingsInput,
  razorpaySettingsInputSchema,
} from "../../../../shared/subscriptions.ts";
import {
  testRazorpayConnection,
  useRazorpaySettings,
  useSaveRazorpaySettings,
} from "../api/payment-settings.ts";

type Settings = NonNullable<ReturnType<typeof useRazorpaySettings>["data"]>;

/** A write-only secret: blank keeps the saved one, whose masked hint shows under the field. */
function SecretField(props: {
  name: "keySecret" | "webhookSecret";
  label: string;
  saved: string | null;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name={props.name}
      label={props.label}
      hint={
        props.saved
          ? t("Saved ({{hint}}). Leave blank to keep it.", { hint: props.saved })
          : t("Not set yet.")
      }
      type="password"
      autoComplete="new-password"
    />
  );
}

function RazorpayForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const save = useSaveRazorpaySettings();
  const form = useForm<RazorpaySettingsInput>({
    resolver: zodResolver(razorpaySettingsInputSchema),
    defaultValues: {
      keyId: settings.keyId,
      keySecret: "",
      webhookSecret: "",
      isActive: settings.isActive,
    },
  });
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isTesting, setIsTesting] = useState(false);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      // Secrets are write-only: the fields empty again and show the masked hint.
      form.reset({ ...form.getValues(), keySecret: "", webhookSecret: "" });
      notify.success(
        t("Razorpay Settings Saved"),
        t("Your Razorpay configuration has been updated."),
      );
    } catch (error) {
      notify.error(t("Error Saving Razorpay Settings"), errorMessage(error));
    }
  });

  const runTest = async () => {
    setIsTesting(true);
    try {
      setTestResult(await testRazorpayConnection());
    } catch (error) {
      setTestResult({ ok: false, message: errorMessage(error, msg("Test failed.")) });
    } finally {
      setIsTesting(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{t("Razorpay Configuration")}</h2>
          {settings.mode === "test" ? <Badge variant="warning">{t("Test mode")}</Badge> : null}
          {settings.mode === "live" ? <Badge variant="success">{t("Live mode")}</Badge> : null}
        </div>
        {!settings.secretsReadable ? (
          <InlineAlert>
            {t("The saved secrets cannot be read (SECRET_KEY changed). Enter them again.")}
          </InlineAlert>
        ) : null}
        <TextField
          name="keyId"
          label={t("Key ID")}
          hint={t("Starts with rzp_test_ or rzp_live_")}
          autoComplete="off"
        />
        <SecretField name="keySecret" label={t("Key Secret")} saved={settings.keySecretHint} />
        <SecretField
          name="webhookSecret"
          label={t("Webhook Secret")}
          saved={settings.webhookSecretHint}
        />
        <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
          <span className="font-medium">{t("Webhook URL")}</span>
          <code className="break-all">{settings.webhookUrl}</code>
          <span className="text-muted-foreground">
            {t(
              "Add it in Razorpay's dashboard (events {{events}}) with the webhook secret above.",
              { events: RAZORPAY_WEBHOOK_EVENTS.join(", ") },
            )}
          </span>
        </div>
        <SwitchField name="isActive" label={t("Enable Razorpay")} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" className="h-11" disabled={save.isPending}>
            {save.isPending ? t("Saving...") : t("Save Razorpay Settings")}
          </Button>
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={isTesting}
            onClick={() => void runTest()}
          >
            {isTesting ? t("Testing...") : t("Test connection")}
          </Button>
        </div>
        {testResult ? (
          <p role="status" className={testResult.ok ? "text-success" : "text-destructive"}>
            {t(testResult.message)}
          </p>
        ) : null}
      </form>
    </FormProvider>
  );
}

export function PaymentSettingsPage() {
  const { t } = useTranslation();
  const settings = useRazorpaySettings();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader title={t("Payment Gateway Settings")} backTo="/admin/dashboard" />
      <QueryContent
        query={settings}
        loadingLabel={t("Loading settings...")}
        errorTitle={t("Error Fetching Payment Settings")}
      >
        {(data) => (
          <Card className="p-5 sm:p-6">
            <RazorpayForm settings={data} />
          </Card>
        )}
      </QueryContent>
      <Card aria-disabled="true" className="grid gap-2 p-5 opacity-60 sm:p-6">
        <h2 className="text-lg font-semibold">{t("PhonePe Configuration (Coming Soon)")}</h2>
        <p className="text-sm text-muted-foreground">
          {t("PhonePe payments are not available yet.")}
        </p>
      </Card>
    </div>
  );
}
