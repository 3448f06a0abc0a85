import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorCodeForm,
  type TwoFactorPasswordForm,
  twoFactorCodeSchema,
  twoFactorPasswordSchema,
} from "../../../../shared/auth.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  setupKeyOf,
  type TwoFactorSetup,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactor,
} from "../api/two-factor.ts";

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.code === "INVALID_PASSWORD")
    return msg("Incorrect password.");
  if (error instanceof ApiError && error.code === "INVALID_CODE")
    return TWO_FACTOR_MESSAGES.wrongCode;
  return errorMessage(error, msg("An unexpected error occurred."));
}

/** Asks for the password again, for turning two-factor sign-in on or off. */
function PasswordStep(props: {
  submitLabel: string;
  variant?: "default" | "destructive";
  onPassword: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm<TwoFactorPasswordForm>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await props.onPassword(password);
    } catch (error) {
      form.setError("password", { message: messageOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <form className="grid gap-3 sm:max-w-sm" onSubmit={onSubmit} noValidate>
      <FormField
        id="two-factor-password"
        label={t("Current password")}
        error={errors.password?.message}
      >
        <PasswordInput
          autoComplete="current-password"
          {...fieldAria("two-factor-password", errors.password?.message)}
          {...form.register("password")}
        />
      </FormField>
      <Button type="submit" variant={props.variant} disabled={isSubmitting}>
        {props.submitLabel}
      </Button>
    </form>
  );
}

/** The secret to add to the app, then a first code to prove it works. */
function ConfirmStep(props: { setup: TwoFactorSetup; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await confirm.mutateAsync(code);
      notify.success(
        t("Two-factor sign-in is on"),
        t("From now on, sign-in asks for a code from your authenticator app."),
      );
      props.onDone();
    } catch (error) {
      form.setError("code", { message: messageOf(error) }, { shouldFocus: true });
    }
  });
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>
          {t("In your authenticator app, add an account and type this setup key (time-based):")}
          <code className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-base">
            {setupKeyOf(props.setup.totpURI)}
          </code>
        </li>
        <li>
          <Trans
            i18nKey={msg(
              "On a phone with the app installed you can instead <setupLink>open this setup link</setupLink>. Its full text, for apps that accept one:",
            )}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words inside
              setupLink: <a href={props.setup.totpURI} className="text-primary underline" />,
            }}
          />
          <code className="mt-1 block break-all rounded bg-muted px-2 py-1 font-mono text-xs">
            {props.setup.totpURI}
          </code>
        </li>
        <li>{t("Enter the 6-digit code the app now shows.")}</li>
      </ol>
      <form className="grid gap-3 sm:max-w-sm" onSubmit={onSubmit} noValidate>
        <FormField
          id="two-factor-code"
          label={t("Authentication code")}
          error={errors.code?.message}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            {...fieldAria("two-factor-code", errors.code?.message)}
            {...form.register("code")}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {t("Verify and turn on")}
        </Button>
      </form>
    </div>
  );
}

/**
 * The backup codes better-auth made when the app was set up, shown once after two-factor sign-in
 * is on: each signs in once in place of an app code (the sign-in's "Use a backup code").
 */
function BackupCodes(props: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.codes.join("\n"));
      notify.success(t("Backup codes copied"));
    } catch {
      notify.error(t("Could not copy the codes"), t("Select them and copy them yourself."));
    }
  };
  return (
    <section aria-labelledby="backup-codes-heading" className="grid gap-3">
      <h3 id="backup-codes-heading" className="font-semibold">
        {t("Backup codes")}
      </h3>
      <p className="text-sm">
        {t(
          "Keep these codes somewhere safe, away from your phone. If you lose your authenticator app, each code signs you in once in place of an app code. They are shown only now: this page cannot show them again.",
        )}
      </p>
      <ul
        aria-label={t("Backup codes")}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded bg-muted px-3 py-2 font-mono text-base sm:max-w-sm"
      >
        {props.codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {t("Copy codes")}
        </Button>
        <Button type="button" onClick={props.onDone}>
          {t("I have saved them")}
        </Button>
      </div>
    </section>
  );
}

/** Turn two-factor sign-in with an authenticator app on (scan, confirm) or off. */
export function TwoFactorSettings(props: { enabled: boolean }) {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  // Set once the app is confirmed, until the admin says they are saved; never fetched again.
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  return (
    <section aria-labelledby="two-factor-heading" className="grid gap-3">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        {t("Two-factor sign-in")}
      </h2>
      <p role="status" className="text-sm">
        {props.enabled
          ? t("On: each sign-in asks for a code from your authenticator app after your password.")
          : t("Off: your password alone signs you in.")}
      </p>
      {backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />
      ) : props.enabled ? (
        <PasswordStep
          submitLabel={t("Turn off two-factor sign-in")}
          variant="destructive"
          onPassword={async (password) => {
            await disable.mutateAsync(password);
            notify.success(
              t("Two-factor sign-in is off"),
              t("Your password alone now signs you in."),
            );
          }}
        />
      ) : setup ? (
        <ConfirmStep
          setup={setup}
          onDone={() => {
            setBackupCodes(setup.backupCodes.length > 0 ? setup.backupCodes : null);
            setSetup(null);
          }}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t(
              "Use an authenticator app (such as Google Authenticator, Microsoft Authenticator or Aegis) so that a stolen password alone cannot open this admin account.",
            )}
          </p>
          <PasswordStep
            submitLabel={t("Set up two-factor sign-in")}
            onPassword={async (password) => setSetup(await start.mutateAsync(password))}
          />
        </>
      )}
    </section>
  );
}
