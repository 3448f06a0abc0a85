import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { AUTH_MESSAGES, resetPasswordFormSchema } from "../../../../shared/auth.ts";
import { resetPassword } from "../api/password-reset.ts";
import { AuthCard } from "../components/auth-card.tsx";

type Form = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const form = useForm<Form>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token || params.get("error")) {
    return (
      <AuthCard title={t("Reset Password")}>
        <InlineAlert>
          {t("This reset link is invalid or has expired. Please request a new one.")}
        </InlineAlert>
        <Button asChild>
          <Link to="/forgot-password">{t("Request a new link")}</Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await resetPassword(token, password);
      notify.success(t("Password Updated"), t("You can now log in with your new password."));
      navigate("/login", { replace: true });
    } catch (error) {
      notify.error(t("Reset Failed"), errorMessage(error, AUTH_MESSAGES.unexpected));
    }
  });

  return (
    <AuthCard
      title={t("Reset Password")}
      description={t("Choose a new password for your account.")}
    >
      <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
        <FormField id="password" label={t("New Password")} error={errors.password?.message}>
          <PasswordInput
            autoComplete="new-password"
            {...fieldAria("password", errors.password?.message)}
            {...form.register("password")}
          />
        </FormField>
        <FormField
          id="confirmPassword"
          label={t("Confirm New Password")}
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            autoComplete="new-password"
            {...fieldAria("confirmPassword", errors.confirmPassword?.message)}
            {...form.register("confirmPassword")}
          />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("Saving...") : t("Set New Password")}
        </Button>
      </form>
    </AuthCard>
  );
}
