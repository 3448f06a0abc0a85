import { msg } from "./i18n/msg.ts";

/** The sign-in pages' messages, apart from the schemas (zod) so the login page loads without them. */
export const AUTH_MESSAGES = {
  passwordsDoNotMatch: msg("Passwords do not match."),
  passwordTooShort: msg("Password must be at least 6 characters long."),
  loginFailedInvalid: msg("Invalid email or password. Please try again."),
  loginSuccess: msg("Welcome back! Redirecting..."),
  loginIssue: msg("Could not log in. Please try again."),
  unexpected: msg("An unexpected error occurred."),
  registrationSuccess: msg("Please check your email to verify your account."),
  accountExists: msg("An account with this email already exists. Please try logging in."),
  registrationIssue: msg("An unexpected issue occurred during registration. Please try again."),
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: msg("Enter the 6-digit code from your authenticator app."),
  wrongCode: msg("That code did not match. Check the time on your phone and try the current code."),
  challengeExpired: msg("Your sign-in has expired. Please enter your email and password again."),
  passwordRequired: msg("Enter your password to continue."),
  backupCodeFormat: msg(
    "Enter one of your backup codes: ten letters and digits, such as Ab3dE-fG7hJ.",
  ),
  wrongBackupCode: msg("That backup code did not match, or it has been used already."),
} as const;
