import { requestJson } from "@web/lib/api.ts";
import type { RegisterForm } from "../../../../shared/auth.ts";

/**
 * Creates the account. `token` is set when the server signed the new student in at once (email
 * verification off; the session cookie came with the answer), null when they must verify first.
 */
export function signUp(form: RegisterForm, referralCode?: string | null) {
  return requestJson<{ token?: string | null; user?: { id: string } | null }>(
    "/api/auth/sign-up/email",
    {
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
        // A referral link's code (decision 043): the server checks it before creating the account.
        ...(referralCode ? { referralCode } : {}),
      },
    },
  );
}
