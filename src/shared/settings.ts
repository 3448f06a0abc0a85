import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

export const SETTINGS_MESSAGES = {
  maintenanceHelp: "Temporarily disable access for non-admin users.",
  maintenanceApi: msg("The site is under maintenance. Please try again later."),
} as const;

export const siteSettingsInputSchema = z.object({
  appTitle: text()
    .trim()
    .min(1, "Application title is required.")
    .max(100, "Application title is too long."),
  contactEmail: z.email("Enter a valid contact email address.").max(254),
  maintenanceMode: z.boolean(),
  /** The home page's exam header. */
  examName: text().trim().min(1, "Exam name is required.").max(60, "Exam name is too long."),
  examDate: z.iso.date("Enter the exam date."),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
