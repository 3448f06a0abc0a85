import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { dashboardPathFor, signInWithEmail, useAuth } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { lazyZodResolver } from "@web/lib/lazy-resolver.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { notify } from "@web/lib/toast.ts";
import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import type { LoginForm } from "../../../../shared/auth.ts";
import { AUTH_MESSAGES } from "../../../../shared/auth-messages.ts";
import { ONBOARDING_PATH } from "../../../../shared/onboarding.ts";
import { claimOnboardingOffer } from "../api/onboarding-offer.ts";
import { AuthCard } from "../components/auth-card.tsx";

// The form's rules (zod) load on the form's first focus or submit, not with the page; the
// two-factor step only after a right password.
const login = lazyZodResolver<LoginForm>(
  async () => (await import("../../../../shared/auth.ts")).loginFormSchema,
);
const TwoFactorStep = lazy(async () => ({
  default: (await import("../components/two-factor-step.tsx")).TwoFactorStep,
}));

/** Only same-site paths are followed after login (never `//evil.example`). */
function safeRedirectTarget(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from.startsWith("/login") || from.startsWith("/register")) return null;
  return from;
}

export function LoginPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<LoginForm>({
    resolver: login.resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  // After a right password, an account with two-factor sign-in is asked for its code.
  const [askCode, setAskCode] = useState(false);
  // Set by this sign-in when the student is offered onboarding (once, see claimOnboardingOffer).
  const [onboarding, setOnboarding] = useState(false);
  const redirectTarget = safeRedirectTarget(location.state);

  if (auth.status === "signed-in") {
    const to = onboarding ? ONBOARDING_PATH : (redirectTarget ?? dashboardPathFor(auth.role));
    return <Navigate to={to} replace />;
  }

  /** After the session exists: a page the visitor was sent away from wins over onboarding. */
  const finishSignIn = async () => {
    if (!redirectTarget && (await claimOnboardingOffer())) setOnboarding(true);
    notify.success(t("Login Successful"), t(AUTH_MESSAGES.loginSuccess));
    // The redirect happens when the refreshed session arrives (see the guard above).
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signInWithEmail(values.email, values.password);
      if (result.twoFactorRedirect) {
        setAskCode(true);
        return;
      }
      if (!result.user) {
        notify.error(t("Login Issue"), t(AUTH_MESSAGES.loginIssue));
        return;
      }
      await finishSignIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_EMAIL_OR_PASSWORD") {
        notify.error(t("Login Failed"), t(AUTH_MESSAGES.loginFailedInvalid));
      } else {
        notify.error(t("Login Failed"), errorMessage(error, AUTH_MESSAGES.unexpected));
      }
    }
  });

  if (askCode) {
    return (
      <Suspense fallback={null}>
        <TwoFactorStep
          onSignedIn={finishSignIn}
          onRestart={() => {
            form.resetField("password");
            setAskCode(false);
          }}
        />
      </Suspense>
    );
  }

  return (
    <AuthCard
      title={t("Login")}
      description={t("Welcome back. Sign in to continue your preparation.")}
      footer={
        <>
          {t("Don't have an account?")}{" "}
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t("Register")}
          </Link>
        </>
      }
    >
      <form
        method="post"
        className="grid gap-4"
        onSubmit={onSubmit}
        onFocus={login.preload}
        noValidate
      >
        <FormField id="email" label={t("Email")} error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            {...fieldAria("email", errors.email?.message)}
            {...form.register("email")}
          />
        </FormField>
        <FormField id="password" label={t("Password")} error={errors.password?.message}>
          <PasswordInput
            autoComplete="current-password"
            {...fieldAria("password", errors.password?.message)}
            {...form.register("password")}
          />
        </FormField>
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-primary hover:underline">
            {t("Forgot password?")}
          </Link>
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("Logging in...") : t("Login")}
        </Button>
      </form>
    </AuthCard>
  );
}
