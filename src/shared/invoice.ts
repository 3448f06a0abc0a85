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
 * A credit note's number, its own series per financial year (decision 059): "CN/2026-27/00004",
 * 16 characters, the most rule 53 allows (as rule 46 for invoices).
 */
export function formatCreditNoteNumber(financialYear: string, sequence: number): string {
  return `CN/${formatInvoiceNumber(financialYear, sequence)}`;
}

/** The numbering series kept in `invoice_counters`, each restarting every financial year. */
export const DOCUMENT_SERIES = ["invoice", "credit_note"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** SAC 999293: commercial training and coaching services, on every invoice line. */
export const SAC_CODE = "999293";

/**
 * The price the student paid includes GST: split it into the taxable value and the tax, in
 * paise, so that the two add up to the price exactly. No rate: GST is not applicable.
 */
export function splitGst(totalPaise: number, ratePercent: number | null) {
  if (ratePercent === null || ratePercent <= 0) return { taxablePaise: totalPaise, taxPaise: 0 };
  const taxablePaise = Math.round((totalPaise * 100) / (100 + ratePercent));
  return { taxablePaise, taxPaise: totalPaise - taxablePaise };
}

/**
 * The tax as the invoice shows it (decision 059): CGST and SGST, half each, when the supplier's
 * state is the place of supply; IGST otherwise. Paise: SGST takes the half rounded down and CGST
 * the rest, so the parts add up to the tax exactly.
 */
export function splitTaxParts(taxPaise: number, intraState: boolean) {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise: taxPaise - sgstPaise, sgstPaise, igstPaise: 0 };
}

/**
 * A credit note for part of a payment, with the same rate and split as its invoice (decision
 * 059): the parts of everything refunded so far less the parts of what was refunded before, so
 * the credit notes of a payment refunded in full add up to its invoice, paisa for paisa.
 */
export function creditNoteAmounts(
  refundedBeforePaise: number,
  refundedNowPaise: number,
  ratePercent: number | null,
  intraState: boolean,
) {
  const partsOf = (paise: number) => {
    const split = splitGst(paise, ratePercent);
    return { ...split, ...splitTaxParts(split.taxPaise, intraState) };
  };
  const before = partsOf(refundedBeforePaise);
  const now = partsOf(refundedNowPaise);
  return {
    totalPaise: refundedNowPaise - refundedBeforePaise,
    taxablePaise: now.taxablePaise - before.taxablePaise,
    taxPaise: now.taxPaise - before.taxPaise,
    cgstPaise: now.cgstPaise - before.cgstPaise,
    sgstPaise: now.sgstPaise - before.sgstPaise,
    igstPaise: now.igstPaise - before.igstPaise,
  };
}

/** A GSTIN: state code, PAN, entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const INVOICE_MESSAGES = {
  notFound: msg("Invoice not found."),
  gstNotApplicable: msg("GST not applicable"),
  creditNoteNotFound: msg("Credit note not found."),
} as const;
