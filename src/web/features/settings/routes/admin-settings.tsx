import { zodResolver } from "@hookform/resolvers/zod";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { Controller, useForm } from "react-hook-form";
import {
  SETTINGS_MESSAGES,
  type SiteSettingsInput,
  siteSettingsInputSchema,
} from "../../../../shared/settings.ts";
import { useAdminSettings } from "../api/get-settings.ts";
import { useUpdateSettings } from "../api/update-settings.ts";

function SettingsForm({ initial }: { initial: SiteSettingsInput }) {
  const update = useUpdateSettings();
  const form = useForm<SiteSettingsInput>({
    resolver: zodResolver(siteSettingsInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({
        appTitle: saved.appTitle,
        contactEmail: saved.contactEmail,
        maintenanceMode: saved.maintenanceMode,
        examName: saved.examName,
        examDate: saved.examDate,
      });
      notify.success("Settings Saved", "Your site settings have been updated.");
    } catch (error) {
      notify.error("Error Saving Settings", errorMessage(error));
    }
  });

  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      <FormField id="appTitle" label="Application Title" error={errors.appTitle?.message}>
        <Input
          {...fieldAria("appTitle", errors.appTitle?.message)}
          {...form.register("appTitle")}
        />
      </FormField>
      <FormField id="contactEmail" label="Contact Email" error={errors.contactEmail?.message}>
        <Input
          type="email"
          inputMode="email"
          {...fieldAria("contactEmail", errors.contactEmail?.message)}
          {...form.register("contactEmail")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="examName" label="Target exam (home page)" error={errors.examName?.message}>
          <Input
            {...fieldAria("examName", errors.examName?.message)}
            {...form.register("examName")}
          />
        </FormField>
        <FormField id="examDate" label="Next exam date" error={errors.examDate?.message}>
          <Input
            type="date"
            {...fieldAria("examDate", errors.examDate?.message)}
            {...form.register("examDate")}
          />
        </FormField>
      </div>
      <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
        <div className="grid gap-1">
          <Label htmlFor="maintenanceMode">Maintenance Mode</Label>
          <p id="maintenanceMode-help" className="text-sm text-muted-foreground">
            {SETTINGS_MESSAGES.maintenanceHelp}
          </p>
        </div>
        <Controller
          control={form.control}
          name="maintenanceMode"
          render={({ field }) => (
            <Switch
              id="maintenanceMode"
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby="maintenanceMode-help"
            />
          )}
        />
      </div>
      <Button type="submit" disabled={isSubmitting} className="sm:justify-self-start">
        {isSubmitting ? (
          <>
            <Spinner label="Saving" className="size-4" /> Saving...
          </>
        ) : (
          "Save Settings"
        )}
      </Button>
    </form>
  );
}

export function AdminSettingsPage() {
  const settings = useAdminSettings();

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-6">
      <PageHeader
        title="Site Settings"
        description="The application's name, contact address and availability."
        backTo="/admin/dashboard"
      />
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorState
          title="Error Fetching Settings"
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Card className="p-5 sm:p-6">
          <SettingsForm
            initial={{
              appTitle: settings.data.appTitle,
              contactEmail: settings.data.contactEmail,
              maintenanceMode: settings.data.maintenanceMode,
              examName: settings.data.examName,
              examDate: settings.data.examDate,
            }}
          />
        </Card>
      )}
    </div>
  );
}
