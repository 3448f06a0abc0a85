import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { verifyTwoFactorCode } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AUTH_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorCodeForm,
  twoFactorCodeSchema,
} from "../../../../shared/auth.ts";
import { AuthCard } from "./auth-card.tsx";

/** The message for a refused code, and whether the sign-in must start again. */
function describeFailure(error: unknown): { message: string; restart: boolean } {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === "INVALID_CODE") return { message: TWO_FACTOR_MESSAGES.wrongCode, restart: false };
  // The pending sign-in is gone (expired, or used up by too many wrong codes).
  if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
    return { message: TWO_FACTOR_MESSAGES.challengeExpired, restart: true };
  }
  return { message: errorMessage(error, AUTH_MESSAGES.unexpected), restart: false };
}

/** The second step of a two-factor sign-in: the code from the authenticator app. */
export function TwoFactorStep(props: { onSignedIn: () => Promise<void>; onRestart: () => void }) {
  const { t } = useTranslation();
  const form = useForm<TwoFactorCodeForm>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await verifyTwoFactorCode(values.code);
      await props.onSignedIn();
    } catch (error) {
      const failure = describeFailure(error);
      notify.error(t("Login Failed"), t(failure.message));
      if (failure.restart) props.onRestart();
      else form.setError("code", { message: failure.message }, { shouldFocus: true });
    }
  });

  return (
    <AuthCard
      title={t("Two-factor sign-in")}
      description={t(
        "Open your authenticator app and enter the 6-digit code it shows for this account.",
      )}
      footer={
        <Button type="button" variant="link" onClick={props.onRestart}>
          {t("Back to login")}
        </Button>
      }
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <FormField id="code" label={t("Authentication code")} error={errors.code?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            {...fieldAria("code", errors.code?.message)}
            {...form.register("code")}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("Checking...") : t("Verify")}
        </Button>
      </form>
    </AuthCard>
  );
}
