import { z } from "zod";
import { text } from "./text.ts";

export const PROFILE_MESSAGES = {
  fullNameRequired: "Full name is required.",
  photoUploaded: "Your profile photo has been updated.",
  profileUpdated: "Your profile information has been saved.",
  loggedOut: "Please log in to view your profile.",
} as const;

/** What a user may change on their own profile (never the role, the email or the photo URL). */
export const profileUpdateSchema = z.strictObject({
  fullName: text()
    .trim()
    .min(1, PROFILE_MESSAGES.fullNameRequired)
    .max(200, "Full name is too long."),
  mobileNumber: text().trim().max(20, "Mobile number is too long.").default(""),
  address: text().trim().max(500, "Address is too long.").default(""),
  dateOfBirth: z
    .union([z.literal(""), z.iso.date("Enter a valid date of birth.")])
    .default("")
    .refine((v) => v === "" || v <= new Date().toISOString().slice(0, 10), {
      message: "Date of birth cannot be in the future.",
    }),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** Profile photos are resized to this square (twice the largest avatar we draw). */
export const AVATAR_SIZE = 256;
