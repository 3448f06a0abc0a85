import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldAria } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { PasswordInput } from "@web/components/ui/password-input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { notify } from "@web/lib/toast.ts";
import { useForm } from "react-hook-form";
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
        notify.error("Registration Issue", AUTH_MESSAGES.registrationIssue);
        return;
      }
      notify.success("Registration Successful", AUTH_MESSAGES.registrationSuccess);
      navigate("/login");
    } catch (error) {
      if (error instanceof ApiError && error.code === "USER_ALREADY_EXISTS") {
        notify.error("Account Exists", AUTH_MESSAGES.accountExists);
      } else {
        notify.error("Registration Error", errorMessage(error, AUTH_MESSAGES.unexpected));
      }
    }
  });

  return (
    <AuthCard
      title="Register"
      description="Create your account to start practising."
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <FormField id="fullName" label="Full Name" error={errors.fullName?.message}>
          <Input autoComplete="name" {...field("fullName")} />
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...field("email")} />
        </FormField>
        <FormField
          id="mobileNumber"
          label="Mobile Number (optional)"
          error={errors.mobileNumber?.message}
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" {...field("mobileNumber")} />
        </FormField>
        <FormField id="address" label="Address (optional)" error={errors.address?.message}>
          <Input autoComplete="street-address" {...field("address")} />
        </FormField>
        <FormField
          id="dateOfBirth"
          label="Date of Birth (optional)"
          error={errors.dateOfBirth?.message}
        >
          <Input type="date" autoComplete="bday" {...field("dateOfBirth")} />
        </FormField>
        <FormField id="password" label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...field("password")} />
        </FormField>
        <FormField
          id="confirmPassword"
          label="Confirm Password"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput autoComplete="new-password" {...field("confirmPassword")} />
        </FormField>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Registering..." : "Register"}
        </Button>
      </form>
    </AuthCard>
  );
}
