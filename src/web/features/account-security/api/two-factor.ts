import { useMutation, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "@web/lib/api.ts";
import { verifyTwoFactorCode } from "@web/lib/auth.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export type TwoFactorSetup = { totpURI: string; backupCodes: string[] };

/** Starts setting up an authenticator app: the secret exists but sign-in does not ask yet. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      requestJson<TwoFactorSetup>("/api/auth/two-factor/enable", { body: { password } }),
  });
}

/** Confirms the app with a first code; from now on sign-in asks for one. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyTwoFactorCode(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      requestJson<{ status: boolean }>("/api/auth/two-factor/disable", { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/** The base32 secret of an otpauth URI, in groups of four for typing into an app. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? "";
}
