import { requestJson } from "@web/lib/api.ts";
import type { RegisterForm } from "../../../../shared/auth.ts";

export function signUp(form: RegisterForm) {
  return requestJson<{ user?: { id: string } | null }>("/api/auth/sign-up/email", {
    body: {
      name: form.fullName.trim(),
      email: form.email.trim(),
      password: form.password,
      metadata: {
        full_name: form.fullName.trim(),
        mobile_number: form.mobileNumber.trim(),
        address: form.address.trim(),
        date_of_birth: form.dateOfBirth,
      },
    },
  });
}
