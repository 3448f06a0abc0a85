import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN), as the GST portal lists them today: 25 (Daman and Diu) merged into 26 in 2020 and 28
 * (the undivided Andhra Pradesh) is no longer issued. The place of supply on a tax invoice is
 * one of these (decision 059). Names are marked for the interface's Hindi; PDFs print English.
 */
export const GST_STATES = [
  { code: "01", name: msg("Jammu and Kashmir") },
  { code: "02", name: msg("Himachal Pradesh") },
  { code: "03", name: msg("Punjab") },
  { code: "04", name: msg("Chandigarh") },
  { code: "05", name: msg("Uttarakhand") },
  { code: "06", name: msg("Haryana") },
  { code: "07", name: msg("Delhi") },
  { code: "08", name: msg("Rajasthan") },
  { code: "09", name: msg("Uttar Pradesh") },
  { code: "10", name: msg("Bihar") },
  { code: "11", name: msg("Sikkim") },
  { code: "12", name: msg("Arunachal Pradesh") },
  { code: "13", name: msg("Nagaland") },
  { code: "14", name: msg("Manipur") },
  { code: "15", name: msg("Mizoram") },
  { code: "16", name: msg("Tripura") },
  { code: "17", name: msg("Meghalaya") },
  { code: "18", name: msg("Assam") },
  { code: "19", name: msg("West Bengal") },
  { code: "20", name: msg("Jharkhand") },
  { code: "21", name: msg("Odisha") },
  { code: "22", name: msg("Chhattisgarh") },
  { code: "23", name: msg("Madhya Pradesh") },
  { code: "24", name: msg("Gujarat") },
  { code: "26", name: msg("Dadra and Nagar Haveli and Daman and Diu") },
  { code: "27", name: msg("Maharashtra") },
  { code: "29", name: msg("Karnataka") },
  { code: "30", name: msg("Goa") },
  { code: "31", name: msg("Lakshadweep") },
  { code: "32", name: msg("Kerala") },
  { code: "33", name: msg("Tamil Nadu") },
  { code: "34", name: msg("Puducherry") },
  { code: "35", name: msg("Andaman and Nicobar Islands") },
  { code: "36", name: msg("Telangana") },
  { code: "37", name: msg("Andhra Pradesh") },
  { code: "38", name: msg("Ladakh") },
] as const;

export type GstStateCode = (typeof GST_STATES)[number]["code"];

const BY_CODE = new Map<string, string>(GST_STATES.map((s) => [s.code, s.name]));

export function isGstStateCode(code: string): code is GstStateCode {
  return BY_CODE.has(code);
}

/** The English name of a state code ("07" → "Delhi"), or null for an unknown code. */
export function gstStateName(code: string | null | undefined): string | null {
  return (code && BY_CODE.get(code)) || null;
}

export const GST_STATE_MESSAGES = {
  unknown: msg("Choose a state or union territory from the list."),
  required: msg("Choose your state for the GST invoice before paying."),
  sellerMismatch: msg("The GSTIN's first two digits must be the state's GST code."),
} as const;

/** A state code from the list ("07"); anything else is refused with one clear message. */
export const gstStateCodeSchema = text()
  .trim()
  .refine((code) => isGstStateCode(code), { message: GST_STATE_MESSAGES.unknown });

/** The student's state for GST invoices (the place of supply), asked once at checkout. */
export const buyerStateInputSchema = z.object({ stateCode: gstStateCodeSchema });

/** A paid checkout's request: the plan, and the student's state the first time (decision 059). */
export const checkoutOrderInputSchema = z.object({
  planId: z.uuid(),
  stateCode: gstStateCodeSchema.optional(),
});
