import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { AUTH_MESSAGES, forgotPasswordFormSchema } from "../../../../shared/auth.ts";
import { requestPasswordReset } from "../api/password-reset.ts";
import { AuthCard } from "../components/auth-card.tsx";

type Form = z.infer<typeof forgotPasswordFormSchema>;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<Form>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      notify.error(t("Request Failed"), errorMessage(error, AUTH_MESSAGES.unexpected));
    }
  });

  return (
    <AuthCard
      title={t("Forgot Password")}
      description={t(
        "Enter your account's email and we will send you a link to reset your password.",
      )}
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("Back to Login")}
        </Link>
      }
    >
      {sentTo ? (
        <p role="status" className="rounded-md bg-secondary p-4 text-sm text-secondary-foreground">
          {t(
            "If an account exists for {{email}}, a password reset link is on its way. The link is valid for one hour.",
            { email: sentTo },
          )}
        </p>
      ) : (
        <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="email" label={t("Email")} error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              {...fieldAria("email", errors.email?.message)}
              {...form.register("email")}
            />
          </FormField>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("Sending...") : t("Send Reset Link")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
