import { INDIA_OFFSET_MS } from "./home.ts";
import { msg } from "./i18n/msg.ts";

// Tax invoices (decision 040): numbered in one gap-free series per Indian financial year
// (April to March, India time), "2026-27/00001": at most 16 characters, as GST rule 46 asks.

/** "2026-27" for any moment from 1 April 2026 00:00 IST to 31 March 2027 23:59 IST. */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + INDIA_OFFSET_MS);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export function formatInvoiceNumber(financialYear: string, sequence: number): string {
  return `${financialYear}/${String(sequence).padStart(5, "0")}`;
}

/**
 * The price the student paid includes GST: split it into the taxable value and the tax, in
 * paise, so that the two add up to the price exactly. No rate: GST is not applicable.
 */
export function splitGst(totalPaise: number, ratePercent: number | null) {
  if (ratePercent === null || ratePercent <= 0) return { taxablePaise: totalPaise, taxPaise: 0 };
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  return { taxablePaise, taxPaise: totalPaise - taxablePaise };
}

/** A GSTIN: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const INVOICE_MESSAGES = {
  notFound: msg("Invoice not found."),
  gstNotApplicable: msg("GST not applicable"),
} as const;
