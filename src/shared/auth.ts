import { z } from "zod";
import { AUTH_MESSAGES, TWO_FACTOR_MESSAGES } from "./auth-messages.ts";
import { PASSWORD_MIN_LENGTH } from "./constants.ts";
import { msg } from "./i18n/msg.ts";
import { referralCodeSchema } from "./referrals.ts";
import { text } from "./text.ts";

export { AUTH_MESSAGES, TWO_FACTOR_MESSAGES };

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** A date of birth as the form holds it: ISO (yyyy-mm-dd), or empty when none is given. */
const dateOfBirthText = z
  .union([z.literal(""), z.iso.date(msg("Enter a valid date of birth."))])
  .refine((v) => v === "" || v <= new Date().toISOString().slice(0, 10), {
    message: msg("Date of birth cannot be in the future."),
  });

/** ISO date (yyyy-mm-dd) or empty; empty becomes null. */
const optionalDate = dateOfBirthText.optional().transform((v) => (v ? v : null));

export const signUpMetadataSchema = z.strictObject({
  full_name: text().trim().min(1, msg("Full name is required.")).max(200),
  mobile_number: optionalText(20),
  address: optionalText(500),
  date_of_birth: optionalDate,
});
export type SignUpMetadata = z.output<typeof signUpMetadataSchema>;

const password = text()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(128, msg("Password must be at most 128 characters long."));

/** The register form (client), including the confirmation the server never sees. */
export const registerFormSchema = z
  .object({
    fullName: text().trim().min(1, msg("Full name is required.")).max(200),
    email: z.email(msg("Enter a valid email address.")),
    mobileNumber: text().trim().max(20, msg("Mobile number is too long.")),
    address: text().trim().max(500, msg("Address is too long.")),
    dateOfBirth: dateOfBirthText,
    password,
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type RegisterForm = z.input<typeof registerFormSchema>;

export const loginFormSchema = z.object({
  email: z.email(msg("Enter a valid email address.")),
  password: text().min(1, msg("Password is required.")),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const forgotPasswordFormSchema = z.object({
  email: z.email(msg("Enter a valid email address.")),
});

export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/**
 * The whole sign-up body the server accepts. Strict: better-auth merges a hook's body into the
 * original, so any key let through here (image, emailVerified, role...) would be stored.
 */
export const signUpBodySchema = z.strictObject({
  name: text().trim().min(1, msg("Full name is required.")).max(200),
  email: z.email(msg("Enter a valid email address.")),
  password,
  metadata: signUpMetadataSchema,
  /** A referral link's code (decisions 043 and 058): checked before the account is created. */
  referralCode: referralCodeSchema.optional(),
});

/** A code from an authenticator app (TOTP, 6 digits); spaces people type are dropped. */
export const twoFactorCodeSchema = z.object({
  code: text()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^\d{6}$/.test(v), TWO_FACTOR_MESSAGES.codeFormat),
});
export type TwoFactorCodeForm = z.input<typeof twoFactorCodeSchema>;

/**
 * One of the backup codes shown when two-factor sign-in was turned on (better-auth makes ten,
 * `xxxxx-xxxxx`, letters and digits, each good for one sign-in). Spaces are dropped and a
 * missing dash is put back, so a code typed as ten characters still matches.
 */
export const twoFactorBackupCodeSchema = z.object({
  code: text()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(v), TWO_FACTOR_MESSAGES.backupCodeFormat)
    .transform((v) => (v.includes("-") ? v : `${v.slice(0, 5)}-${v.slice(5)}`)),
});

/** Turning two-factor sign-in on or off asks for the password again. */
export const twoFactorPasswordSchema = z.object({
  password: text().min(1, TWO_FACTOR_MESSAGES.passwordRequired),
});
export type TwoFactorPasswordForm = z.infer<typeof twoFactorPasswordSchema>;
