import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { verifyTwoFactorBackupCode, verifyTwoFactorCode } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AUTH_MESSAGES,
  TWO_FACTOR_MESSAGES,
  twoFactorBackupCodeSchema,
  twoFactorCodeSchema,
} from "../../../../shared/auth.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import { AuthCard } from "./auth-card.tsx";

/** The message for a refused code, and whether the sign-in must start again. */
function describeFailure(error: unknown): { message: string; restart: boolean } {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === "INVALID_CODE") return { message: TWO_FACTOR_MESSAGES.wrongCode, restart: false };
  if (code === "INVALID_BACKUP_CODE")
    return { message: TWO_FACTOR_MESSAGES.wrongBackupCode, restart: false };
  // The pending sign-in is gone (expired, or used up by too many wrong codes).
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return { message: TWO_FACTOR_MESSAGES.challengeExpired, restart: true };
  }
  return { message: errorMessage(error, AUTH_MESSAGES.unexpected), restart: false };
}

type StepProps = { onSignedIn: () => Promise<void>; onRestart: () => void };

/**
 * The two kinds of code a two-factor sign-in takes: the authenticator app's, or one of the backup
 * codes shown when two-factor sign-in was turned on (each works once). The resolver hands over
 * the parsed code (a backup code with spaces dropped and its dash put back).
 */
const CODE_KINDS = {
  app: {
    schema: twoFactorCodeSchema,
    verify: verifyTwoFactorCode,
    id: "code",
    label: msg("Authentication code"),
    input: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 7 },
  },
  backup: {
    schema: twoFactorBackupCodeSchema,
    verify: verifyTwoFactorBackupCode,
    id: "backup-code",
    label: msg("Backup code"),
    input: { autoComplete: "off", autoCapitalize: "off", spellCheck: false, maxLength: 13 },
  },
} as const;

function CodeForm(props: StepProps & { kind: keyof typeof CODE_KINDS }) {
  const { t } = useTranslation();
  const kind = CODE_KINDS[props.kind];
  const form = useForm<{ code: string }>({
    resolver: zodResolver(kind.schema as typeof twoFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await kind.verify(values.code);
      await props.onSignedIn();
    } catch (error) {
      const failure = describeFailure(error);
      notify.error(t("Login Failed"), t(failure.message));
      if (failure.restart) props.onRestart();
      else form.setError("code", { message: failure.message }, { shouldFocus: true });
    }
  });

  return (
    <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField id={kind.id} label={t(kind.label)} error={errors.code?.message}>
        <Input
          {...kind.input}
          autoFocus
          {...fieldAria(kind.id, errors.code?.message)}
          {...form.register("code")}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t("Checking...") : t("Verify")}
      </Button>
    </form>
  );
}

/**
 * The second step of a two-factor sign-in: the code from the authenticator app, or, for an
 * admin without the phone, one of the backup codes.
 */
export function TwoFactorStep(props: StepProps) {
  const { t } = useTranslation();
  const [useBackup, setUseBackup] = useState(false);

  return (
    <AuthCard
      title={t("Two-factor sign-in")}
      description={
        useBackup
          ? t("Enter one of the backup codes you saved when you turned two-factor sign-in on.")
          : t("Open your authenticator app and enter the 6-digit code it shows for this account.")
      }
      footer={
        <div className="flex flex-wrap justify-center gap-x-4">
          <Button type="button" variant="link" onClick={() => setUseBackup(!useBackup)}>
            {useBackup ? t("Use the authenticator app") : t("Use a backup code")}
          </Button>
          <Button type="button" variant="link" onClick={props.onRestart}>
            {t("Back to login")}
          </Button>
        </div>
      }
    >
      <CodeForm key={useBackup ? "backup" : "app"} kind={useBackup ? "backup" : "app"} {...props} />
    </AuthCard>
  );
}
