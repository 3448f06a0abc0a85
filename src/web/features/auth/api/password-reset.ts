import { requestJson } from "@web/lib/api.ts";

export function requestPasswordReset(email: string) {
  return requestJson("/api/auth/request-password-reset", {
    body: { email, redirectTo: "/reset-password" },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return requestJson("/api/auth/reset-password", { body: { token, newPassword } });
}
