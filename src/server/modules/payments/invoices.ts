import { and, eq, sql } from "drizzle-orm";
import { financialYearOf, formatInvoiceNumber, splitGst } from "../../../shared/invoice.ts";
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

/**
 * The next number of the financial year's series: the counter row is incremented (and so locked)
 * by this transaction until it commits, so concurrent captures take 1, 2, 3... one after the
 * other, and a capture that rolls back gives its number back: no gaps (decision 040).
 */
async function nextInvoiceNumber(tx: DbOrTx, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error("invoice counter returned no row");
  return row.lastNumber;
}

/**
 * Issues the tax invoice of a payment that activated its subscription, inside the capture's
 * transaction: the seller, the GST rate, the customer and the plan's validity are copied as they
 * are now, so the invoice never changes afterwards.
 */
export async function issueInvoice(
  tx: DbOrTx,
  transaction: typeof paymentTransactions.$inferSelect,
  subscription: typeof userSubscriptions.$inferSelect,
  now: Date,
): Promise<InvoiceRow> {
  const [settings] = await tx
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  const [customer] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, transaction.userId));
  const financialYear = financialYearOf(now);
  const sequence = await nextInvoiceNumber(tx, financialYear);
  const gstRate = settings?.gstRate ?? null;
  const { taxablePaise, taxPaise } = splitGst(
    transaction.amount,
    gstRate === null ? null : Number(gstRate),
  );
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
    })
    .returning();
  if (!row) throw new Error("invoice insert returned no row");
  return row;
}

/** The invoice of one of the user's own transactions, or null. */
export async function findMyInvoice(tx: DbOrTx, userId: string, transactionId: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.transactionId, transactionId), eq(invoices.userId, userId)));
  return row ?? null;
}

/** An invoice as the client shows it: amounts in rupees, the rate as a number or null. */
export function toInvoiceDto(row: InvoiceRow) {
  return {
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    seller: { name: row.sellerName, address: row.sellerAddress, gstin: row.sellerGstin },
    customer: { name: row.customerName, email: row.customerEmail },
    planName: row.planName,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil?.toISOString() ?? null,
    currency: row.currency,
    gstRate: row.gstRate === null ? null : Number(row.gstRate),
    taxable: row.taxablePaise / 100,
    tax: row.taxPaise / 100,
    total: row.totalPaise / 100,
  };
}
export type InvoiceDto = ReturnType<typeof toInvoiceDto>;
