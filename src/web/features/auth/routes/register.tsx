import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { AUTH_MESSAGES, type RegisterForm, registerFormSchema } from "../../../../shared/auth.ts";
import { signUp } from "../api/sign-up.ts";
import { AuthCard } from "../components/auth-card.tsx";

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
      const result = await signUp(values);
      if (!result.user) {
        notify.error(t("Registration Issue"), t(AUTH_MESSAGES.registrationIssue));
        return;
      }
      notify.success(t("Registration Successful"), t(AUTH_MESSAGES.registrationSuccess));
      navigate("/login");
    } catch (error) {
      if (error instanceof ApiError && error.code === "USER_ALREADY_EXISTS") {
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
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <FormField id="fullName" label={t("Full Name")} error={errors.fullName?.message}>
          <Input autoComplete="name" {...field("fullName")} />
        </FormField>
        <FormField id="email" label={t("Email")} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...field("email")} />
        </FormField>
        <FormField
          id="mobileNumber"
          label={t("Mobile Number (optional)")}
          error={errors.mobileNumber?.message}
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" {...field("mobileNumber")} />
        </FormField>
        <FormField id="address" label={t("Address (optional)")} error={errors.address?.message}>
          <Input autoComplete="street-address" {...field("address")} />
        </FormField>
        <FormField
          id="dateOfBirth"
          label={t("Date of Birth (optional)")}
          error={errors.dateOfBirth?.message}
        >
          <Input type="date" autoComplete="bday" {...field("dateOfBirth")} />
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("Registering...") : t("Register")}
        </Button>
      </form>
    </AuthCard>
  );
}
