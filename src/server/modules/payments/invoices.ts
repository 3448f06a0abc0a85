import { and, eq, sql } from "drizzle-orm";
import { gstStateName, isGstStateCode } from "../../../shared/gst-states.ts";
import {
  type DocumentSeries,
  financialYearOf,
  formatInvoiceNumber,
  splitGst,
  splitTaxParts,
} from "../../../shared/invoice.ts";
import type { DbOrTx } from "../../db/client.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  invoiceCounters,
  invoices,
  type paymentTransactions,
  type userSubscriptions,
} from "../../db/schema/subscriptions.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

export type NextDocumentNumberInput = {
  series: DocumentSeries;
  financialYear: string;
};

/**
 * The next number of a series (invoices, credit notes) in the financial year: the counter row is
 * incremented (and so locked) by this transaction until it commits, so concurrent captures take
 * 1, 2, 3... one after the other, and a capture that rolls back gives its number back: no gaps
 * (decisions 040, 059).
 */
export async function nextDocumentNumber(
  tx: DbOrTx,
  { series, financialYear }: NextDocumentNumberInput,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error("invoice counter returned no row");
  return row.lastNumber;
}

/**
 * The seller's GST state: the one set in the settings, else the GSTIN's first two digits; null
 * when neither says (no GST charged then: the settings refuse a rate without a GSTIN).
 */
export function sellerStateOf(settings: { sellerStateCode: string; sellerGstin: string }) {
  const code = settings.sellerStateCode || settings.sellerGstin.slice(0, 2);
  return isGstStateCode(code) ? code : null;
}

export type IssueInvoiceInput = {
  transaction: typeof paymentTransactions.$inferSelect;
  subscription: typeof userSubscriptions.$inferSelect;
  now: Date;
};

/**
 * Issues the tax invoice of a payment that activated its subscription, inside the capture's
 * transaction: the seller, the GST rate, the customer and the plan's validity are copied as they
 * are now, so the invoice never changes afterwards.
 */
export async function issueInvoice(
  tx: DbOrTx,
  { transaction, subscription, now }: IssueInvoiceInput,
): Promise<InvoiceRow> {
  const [settings] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  const [customer] = await tx
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      billingStateCode: profiles.billingStateCode,
    })
    .from(profiles)
    .where(eq(profiles.id, transaction.userId));
  const financialYear = financialYearOf(now);
  const sequence = await nextDocumentNumber(tx, { series: "invoice", financialYear });
  const gstRate = settings?.gstRate ?? null;
  const { taxablePaise, taxPaise } = splitGst(
    transaction.amount,
    gstRate === null ? null : Number(gstRate),
  );
  // The place of supply is the buyer's state; with no state on record it is the seller's
  // (IGST Act, section 12(2)(b)): CGST + SGST when the two are the same (decision 059).
  const sellerStateCode = settings ? sellerStateOf(settings) : null;
  const buyerStateCode = customer?.billingStateCode ?? null;
  const placeOfSupplyCode = buyerStateCode ?? sellerStateCode;
  const parts = splitTaxParts(taxPaise, placeOfSupplyCode === sellerStateCode);
  const [row] = await tx
    .insert(invoices)
    .values({
      transactionId: transaction.id,
      userId: transaction.userId,
      number: formatInvoiceNumber(financialYear, sequence),
      financialYear,
      sequence,
      issuedAt: now,
      sellerName: settings?.sellerName || settings?.appTitle || "",
      sellerAddress: settings?.sellerAddress ?? "",
      sellerGstin: settings?.sellerGstin ?? "",
      gstRate,
      customerName: customer?.fullName ?? "",
      customerEmail: customer?.email ?? "",
      planName: subscription.planName || transaction.planName,
      validFrom: subscription.startDate ?? now,
      validUntil: subscription.endDate,
      currency: transaction.currency,
      totalPaise: transaction.amount,
      taxablePaise,
      taxPaise,
      sellerStateCode,
      buyerStateCode,
      placeOfSupplyCode,
      ...parts,
    })
    .returning();
  if (!row) throw new Error("invoice insert returned no row");
  return row;
}

export type FindMyInvoiceInput = {
  userId: string;
  transactionId: string;
};

/** The invoice of one of the user's own transactions, or null. */
export async function findMyInvoice(tx: DbOrTx, { userId, transactionId }: FindMyInvoiceInput) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.transactionId, transactionId), eq(invoices.userId, userId)));
  return row ?? null;
}

/** A state code with its English name, or null. */
const stateOf = (code: string | null) => {
  const name = gstStateName(code);
  return code && name ? { code, name } : null;
};

/** The tax split in rupees; null on an invoice from before it was kept (one GST line). */
export function taxPartsDto(row: {
  cgstPaise: number | null;
  sgstPaise: number | null;
  igstPaise: number | null;
}) {
  if (row.cgstPaise === null || row.sgstPaise === null || row.igstPaise === null) return null;
  return { cgst: row.cgstPaise / 100, sgst: row.sgstPaise / 100, igst: row.igstPaise / 100 };
}

/** An invoice as the client shows it: amounts in rupees, the rate as a number or null. */
export function toInvoiceDto(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    seller: {
      name: row.sellerName,
      address: row.sellerAddress,
      gstin: row.sellerGstin,
      state: stateOf(row.sellerStateCode),
    },
    placeOfSupply: stateOf(row.placeOfSupplyCode),
    sacCode: row.sacCode,
    /** GST rule 46: always "No" for these supplies. */
    reverseCharge: false,
    customer: {
      name: row.customerName,
      email: row.customerEmail,
      state: stateOf(row.buyerStateCode),
    },
    planName: row.planName,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    currency: row.currency,
    gstRate: row.gstRate === null ? null : Number(row.gstRate),
    taxable: row.taxablePaise / 100,
    tax: row.taxPaise / 100,
    taxParts: taxPartsDto(row),
    total: row.totalPaise / 100,
  };
}
export type InvoiceDto = ReturnType<typeof toInvoiceDto>;
