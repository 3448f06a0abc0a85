import { readFileSync } from "node:fs";
import { AUTH_MESSAGES } from "../../shared/auth.ts";
import { PASSWORD_MIN_LENGTH, type Role } from "../../shared/constants.ts";

/** Admins guard every student's data, so their passwords are longer (decision 029). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const PASSWORD_MESSAGES = {
  tooCommon:
    "This password is one of the 10,000 most common passwords, which attackers try first. Please choose a less common password.",
  adminTooShort: `Admin passwords must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`,
} as const;

let common: Set<string> | undefined;

/** The shipped list (data/README.md says where it comes from), read on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL("./data/common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .filter((line) => line.length > 0),
  );
  return common;
}

/** Whether the password is on the list; case does not make a common password safe. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused for an account with this role, or null when it is fine. */
export function getPasswordProblem(password: string, role: Role): string | null {
  // An admin hears the admin rule (12), a student the spec's 6-character message.
  if (role === "admin" && password.length < ADMIN_PASSWORD_MIN_LENGTH) {
    return PASSWORD_MESSAGES.adminTooShort;
  }
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  return isCommonPassword(password) ? PASSWORD_MESSAGES.tooCommon : null;
}
