import { z } from "zod";
import { assertNever } from "./attempt-kinds.ts";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

/**
 * Extra time in tests for students with disabilities (decision 048). A student uploads a
 * certificate from the profile; an admin approves it with extra minutes per hour of the test's
 * time (UPSC gives persons with benchmark disabilities 20) or a fixed number of extra minutes.
 */

/** `pending`: under review; `revoked`: approved once, then withdrawn by an admin. */
export const ACCOMMODATION_STATUSES = ["pending", "approved", "rejected", "revoked"] as const;
export type AccommodationStatus = (typeof ACCOMMODATION_STATUSES)[number];

export const EXTRA_TIME_KINDS = ["per_hour", "fixed"] as const;
export type ExtraTimeKind = (typeof EXTRA_TIME_KINDS)[number];

/** UPSC's compensatory time: 20 minutes for every hour of the paper. */
export const DEFAULT_MINUTES_PER_HOUR = 20;
export const MAX_MINUTES_PER_HOUR = 60;
export const MAX_FIXED_MINUTES = 240;

/** The certificate: a PDF or a photo of it, typed by its bytes, at most 5 MB. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;
export const CERTIFICATE_TYPES = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
} as const;
export type CertificateMime = keyof typeof CERTIFICATE_TYPES;
/** What the file input offers (the server checks the content again). */
export const CERTIFICATE_ACCEPT = "application/pdf,image/jpeg,image/png";

export const ACCOMMODATION_MESSAGES = {
  fileMissing: msg("Choose your certificate to upload."),
  tooLarge: msg("The certificate must be smaller than 5 MB."),
  wrongType: msg("The certificate must be a PDF, JPEG or PNG file."),
  alreadyApproved: msg(
    "Your extra time is already approved. Ask the team if your certificate changes.",
  ),
  notFound: msg("Accommodation request not found."),
  accountNotFound: msg("No account uses that email address."),
  onlyStudents: msg("Extra time is given to student accounts only."),
  notPending: msg("Only a request under review can be approved or refused."),
  notApproved: msg("Only approved extra time can be revoked."),
  minutesRange: msg("Enter whole minutes: 1 to 60 per hour, or 1 to 240 fixed."),
  reasonRequired: msg("Give the reason the student will read."),
  uploaded: msg("Certificate uploaded. We will review it soon."),
} as const;

const minutes = z
  .number({ error: ACCOMMODATION_MESSAGES.minutesRange })
  .int(ACCOMMODATION_MESSAGES.minutesRange)
  .min(1, ACCOMMODATION_MESSAGES.minutesRange);

/** Per hour at most 60 minutes; fixed at most 240. */
const fitsKind = (v: { kind: ExtraTimeKind; minutes: number }) =>
  v.minutes <= (v.kind === "per_hour" ? MAX_MINUTES_PER_HOUR : MAX_FIXED_MINUTES);
const minutesIssue = { message: ACCOMMODATION_MESSAGES.minutesRange, path: ["minutes"] };

/** The extra time an admin grants: minutes per hour of the test, or fixed minutes. */
export const extraTimeSchema = z
  .object({ kind: z.enum(EXTRA_TIME_KINDS), minutes })
  .refine(fitsKind, minutesIssue);
export type ExtraTime = z.infer<typeof extraTimeSchema>;

/**
 * The profile's file field, checked in the browser before sending (size, and the type the
 * browser claims); the server checks the size again and the type by the file's bytes.
 */
export const certificateFileSchema = z.object({
  file: z
    .instanceof(File, { message: ACCOMMODATION_MESSAGES.fileMissing })
    .refine((f) => f.size > 0, ACCOMMODATION_MESSAGES.fileMissing)
    .refine((f) => f.size <= CERTIFICATE_MAX_BYTES, ACCOMMODATION_MESSAGES.tooLarge)
    .refine((f) => Object.hasOwn(CERTIFICATE_TYPES, f.type), ACCOMMODATION_MESSAGES.wrongType),
});

/** Refusing or revoking: the reason the student reads on their profile. */
export const accommodationReasonSchema = z.object({
  reason: text().trim().min(1, ACCOMMODATION_MESSAGES.reasonRequired).max(500),
});

/** Setting extra time on an account directly, after checking a certificate offline. */
export const accommodationGrantSchema = z
  .object({
    email: z.email(msg("Enter a valid email address.")).transform((e) => e.toLowerCase()),
    kind: z.enum(EXTRA_TIME_KINDS),
    minutes,
  })
  .refine(fitsKind, minutesIssue);

/**
 * Extra seconds for a test of `timeLimitSeconds`: per hour, the time limit × minutes ÷ 60
 * (rounded up to a whole second); fixed, the minutes. The server's deadline and the start
 * screen's preview both use this.
 */
export function extraSecondsOf(grant: ExtraTime, timeLimitSeconds: number): number {
  switch (grant.kind) {
    case "per_hour":
      return Math.ceil((timeLimitSeconds * grant.minutes) / 60);
    case "fixed":
      return grant.minutes * 60;
    default:
      return assertNever(grant.kind);
  }
}
