import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { DateOfBirthSelect } from "@web/components/ui/date-of-birth-select.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { sessionQueryOptions } from "@web/lib/auth.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AUTH_MESSAGES, type RegisterForm, registerFormSchema } from "../../../../shared/auth.ts";
import { ONBOARDING_PATH } from "../../../../shared/onboarding.ts";
import { signUp } from "../api/sign-up.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { ReferralNotice } from "../components/referral-notice.tsx";

const DEFAULTS: RegisterForm = {
  fullName: "",
  email: "",
  mobileNumber: "",
  address: "",
  dateOfBirth: "",
  password: "",
  confirmPassword: "",
};

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A referral link (/register?ref=CODE) keeps its code until the account is made, or until
  // the visitor chooses to register without it.
  const [params] = useSearchParams();
  const [referralCode, setReferralCode] = useState(() => params.get("ref")?.trim() || null);
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const field = (name: keyof RegisterForm) => ({
    ...fieldAria(name, errors[name]?.message),
    ...form.register(name),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await signUp(values, referralCode);
      if (!result.user) {
        notify.error(t("Registration Issue"), t(AUTH_MESSAGES.registrationIssue));
        return;
      }
      if (result.token) {
        // Email verification is off: the server signed the student in. Load the session first,
        // so the student-only onboarding page opens instead of sending them to log in.
        await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
        notify.success(t("Registration Successful"), t("Your account is ready."));
        navigate(ONBOARDING_PATH, { replace: true });
        return;
      }
      notify.success(t("Registration Successful"), t(AUTH_MESSAGES.registrationSuccess));
      navigate("/login");
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === "REFERRAL_CODE_UNKNOWN" || error.code === "SELF_REFERRAL")
      ) {
        // The code is dropped: pressing Register again makes the account without it.
        setReferralCode(null);
        notify.error(
          t("Referral code not accepted"),
          `${errorMessage(error, AUTH_MESSAGES.unexpected)} ${t("Press Register again to continue without it.")}`,
        );
      } else if (error instanceof ApiError && error.code === "USER_ALREADY_EXISTS") {
        notify.error(t("Account Exists"), t(AUTH_MESSAGES.accountExists));
      } else {
        notify.error(t("Registration Error"), errorMessage(error, AUTH_MESSAGES.unexpected));
      }
    }
  });

  return (
    <AuthCard
      title={t("Register")}
      description={t("Create your account to start practising.")}
      footer={
        <>
          {t("Already have an account?")}{" "}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t("Login")}
          </Link>
        </>
      }
    >
      <form method="post" className="grid gap-4" onSubmit={onSubmit} noValidate>
        {referralCode ? (
          <ReferralNotice code={referralCode} onDrop={() => setReferralCode(null)} />
        ) : null}
        <FormField id="fullName" label={t("Full Name")} error={errors.fullName?.message}>
          <Input autoComplete="name" {...field("fullName")} />
        </FormField>
        <FormField id="email" label={t("Email")} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...field("email")} />
        </FormField>
        <FormField id="password" label={t("Password")} error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </FormField>
        <FormField
          id="confirmPassword"
          label={t("Confirm Password")}
          error={errors.confirmPassword?.message}
        >
          <PasswordInput autoComplete="new-password" {...field("confirmPassword")} />
        </FormField>
        {/* The spec's optional fields, apart and below: four fields are enough to register. */}
        <fieldset
          className="grid gap-4 rounded-lg border border-dashed border-border p-4"
          aria-describedby="optional-hint"
        >
          <legend className="px-1 text-sm font-semibold">{t("Optional")}</legend>
          <p id="optional-hint" className="-mt-2 text-xs text-muted-foreground">
            {t("You can leave these empty and add them later in your profile.")}
          </p>
          <FormField
            id="mobileNumber"
            label={t("Mobile Number")}
            error={errors.mobileNumber?.message}
          >
            <Input type="tel" autoComplete="tel" inputMode="tel" {...field("mobileNumber")} />
          </FormField>
          <FormField id="address" label={t("Address")} error={errors.address?.message}>
            {/* One line: street-address is for a multi-line textarea only (HTML spec). */}
            <Input autoComplete="address-line1" {...field("address")} />
          </FormField>
          <Controller
            control={form.control}
            name="dateOfBirth"
            render={({ field: dob }) => (
              <DateOfBirthSelect
                id="dateOfBirth"
                legend={t("Date of Birth")}
                value={dob.value}
                onChange={dob.onChange}
                onBlur={dob.onBlur}
                error={errors.dateOfBirth?.message}
              />
            )}
          />
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("Registering...") : t("Register")}
        </Button>
      </form>
    </AuthCard>
  );
}
