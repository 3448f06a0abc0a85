import { z } from "zod";
import { GST_STATE_MESSAGES, isGstStateCode } from "./gst-states.ts";
import { msg } from "./i18n/msg.ts";
import { GSTIN_PATTERN } from "./invoice.ts";
import { reportSlaHoursSchema } from "./question-report-schemas.ts";
import { text } from "./text.ts";

export const SETTINGS_MESSAGES = {
  maintenanceHelp: msg("Temporarily disable access for non-admin users."),
  maintenanceApi: msg("The site is under maintenance. Please try again later."),
} as const;

/**
 * The seller on tax invoices (decision 040). Optional in the request so that a client that does
 * not send them leaves them as they are; the settings screen always sends them.
 */
const sellerFields = {
  sellerName: text().trim().max(200, msg("Business name is too long.")).optional(),
  sellerAddress: text().trim().max(500, msg("Address is too long.")).optional(),
  sellerGstin: text()
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || GSTIN_PATTERN.test(value), {
      message: msg("Enter a valid 15-character GSTIN, or leave it empty."),
    })
    .optional(),
  /** The seller's GST state code ("07"), or "" (decision 059); must match the GSTIN's prefix. */
  sellerStateCode: text()
    .trim()
    .refine((code) => code === "" || isGstStateCode(code), {
      message: GST_STATE_MESSAGES.unknown,
    })
    .optional(),
  /** Percent; null: GST not applicable. */
  gstRate: z
    .number(msg("Enter the GST rate as a number."))
    .min(0.01, msg("The GST rate must be between 0.01 and 28."))
    .max(28, msg("The GST rate must be between 0.01 and 28."))
    .multipleOf(0.01, msg("The GST rate may have at most two decimals."))
    .nullable()
    .optional(),
};

export const siteSettingsInputSchema = z
  .object({
    appTitle: text()
      .trim()
      .min(1, "Application title is required.")
      .max(100, "Application title is too long."),
    contactEmail: z.email("Enter a valid contact email address.").max(254),
    maintenanceMode: z.boolean(),
    /** The home page's exam header. */
    examName: text().trim().min(1, "Exam name is required.").max(60, "Exam name is too long."),
    examDate: z.iso.date("Enter the exam date."),
    ...sellerFields,
    /**
     * Hours within which a question report should be answered (the report queue's clock,
     * decision 064). Optional: a client that does not send it leaves it as it is.
     */
    reportSlaHours: reportSlaHoursSchema.optional(),
  })
  .refine((s) => s.gstRate == null || Boolean(s.sellerGstin), {
    message: msg("Enter the GSTIN before charging GST."),
    path: ["sellerGstin"],
  })
  .refine(
    (s) => !s.sellerGstin || !s.sellerStateCode || s.sellerGstin.startsWith(s.sellerStateCode),
    { message: GST_STATE_MESSAGES.sellerMismatch, path: ["sellerStateCode"] },
  );
export type SiteSettingsInput = z.input<typeof siteSettingsInputSchema>;
