import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { notify } from "@web/lib/toast.ts";
import { useEffect, useState } from "react";
import { razorpaySettingsInputSchema } from "../../../../shared/subscriptions.ts";
import {
  testRazorpayConnection,
  useRazorpaySettings,
  useSaveRazorpaySettings,
} from "../api/payment-settings.ts";

type Settings = NonNullable<ReturnType<typeof useRazorpaySettings>["data"]>;

function RazorpayForm({ settings }: { settings: Settings }) {
  const save = useSaveRazorpaySettings();
  const [keyId, setKeyId] = useState(settings.keyId);
  const [keySecret, setKeySecret] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [isActive, setIsActive] = useState(settings.isActive);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [isTesting, setIsTesting] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = razorpaySettingsInputSchema.safeParse({
      keyId,
      keySecret,
      webhookSecret,
      isActive,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      // Secrets are write-only: the fields empty again and show the masked hint.
      setKeySecret("");
      setWebhookSecret("");
      notify.success("Razorpay Settings Saved", "Your Razorpay configuration has been updated.");
    } catch (error) {
      notify.error(
        "Error Saving Razorpay Settings",
        error instanceof Error ? error.message : undefined,
      );
    }
  };

  const runTest = async () => {
    setIsTesting(true);
    try {
      setTestResult(await testRazorpayConnection());
    } catch (error) {
      setTestResult({
        ok: false,
        message: error instanceof Error ? error.message : "Test failed.",
      });
    } finally {
      setIsTesting(false);
    }
  };

  const secretHint = (hint: string | null) =>
    hint ? `Saved (${hint}). Leave blank to keep it.` : "Not set yet.";

  return (
    <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">Razorpay Configuration</h2>
        {settings.mode === "test" ? <Badge variant="warning">Test mode</Badge> : null}
        {settings.mode === "live" ? <Badge variant="success">Live mode</Badge> : null}
      </div>
      {!settings.secretsReadable ? (
        <p role="alert" className="text-sm text-destructive">
          The saved secrets cannot be read (SECRET_KEY changed). Enter them again.
        </p>
      ) : null}
      <FormField
        id="rzp-key-id"
        label="Key ID"
        error={errors.keyId}
        hint="Starts with rzp_test_ or rzp_live_"
      >
        <Input
          {...fieldAria("rzp-key-id", errors.keyId)}
          value={keyId}
          autoComplete="off"
          onChange={(e) => setKeyId(e.target.value)}
        />
      </FormField>
      <FormField
        id="rzp-key-secret"
        label="Key Secret"
        error={errors.keySecret}
        hint={secretHint(settings.keySecretHint)}
      >
        <Input
          {...fieldAria("rzp-key-secret", errors.keySecret)}
          type="password"
          autoComplete="new-password"
          value={keySecret}
          onChange={(e) => setKeySecret(e.target.value)}
        />
      </FormField>
      <FormField
        id="rzp-webhook-secret"
        label="Webhook Secret"
        error={errors.webhookSecret}
        hint={secretHint(settings.webhookSecretHint)}
      >
        <Input
          {...fieldAria("rzp-webhook-secret", errors.webhookSecret)}
          type="password"
          autoComplete="new-password"
          value={webhookSecret}
          onChange={(e) => setWebhookSecret(e.target.value)}
        />
      </FormField>
      <div className="grid gap-1 rounded-lg bg-muted p-3 text-sm">
        <span className="font-medium">Webhook URL</span>
        <code className="break-all">{settings.webhookUrl}</code>
        <span className="text-muted-foreground">
          Add it in Razorpay's dashboard (events payment.captured, order.paid, payment.failed) with
          the webhook secret above.
        </span>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
        <Label htmlFor="rzp-active">Enable Razorpay</Label>
        <Switch id="rzp-active" checked={isActive} onCheckedChange={setIsActive} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="h-11" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Razorpay Settings"}
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-11"
          disabled={isTesting}
          onClick={() => void runTest()}
        >
          {isTesting ? "Testing..." : "Test connection"}
        </Button>
      </div>
      {testResult ? (
        <p role="status" className={testResult.ok ? "text-success" : "text-destructive"}>
          {testResult.message}
        </p>
      ) : null}
    </form>
  );
}

export function PaymentSettingsPage() {
  const settings = useRazorpaySettings();
  useEffect(() => {
    if (settings.isError) notify.error("Error Fetching Payment Settings", settings.error.message);
  }, [settings.isError, settings.error]);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader title="Payment Gateway Settings" backTo="/admin/dashboard" />
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorState
          title="Error Fetching Payment Settings"
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Card className="p-5 sm:p-6">
          <RazorpayForm settings={settings.data} />
        </Card>
      )}
      <Card aria-disabled="true" className="grid gap-2 p-5 opacity-60 sm:p-6">
        <h2 className="text-lg font-semibold">PhonePe Configuration (Coming Soon)</h2>
        <p className="text-sm text-muted-foreground">PhonePe payments are not available yet.</p>
      </Card>
    </div>
  );
}
