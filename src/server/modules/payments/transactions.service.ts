import { and, desc, eq, inArray } from "drizzle-orm";
import { INVOICE_MESSAGES } from "../../../shared/invoice.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { invoices, paymentTransactions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { findCreditNote, listCreditNotes, toCreditNoteDto } from "./credit-notes.ts";
import {
  buildCreditNotePdf,
  buildInvoicePdf,
  creditNoteFileName,
  invoiceFileName,
} from "./invoice-pdf.ts";
import { findMyInvoice, toInvoiceDto } from "./invoices.ts";

type TransactionRow = typeof paymentTransactions.$inferSelect;

function toTransactionDto(row: TransactionRow) {
  return {
    id: row.id,
    planName: row.planName,
    /** In rupees (or the currency's main unit). */
    amount: row.amount / 100,
    currency: row.currency,
    status: row.status,
    gatewayOrderId: row.gatewayOrderId,
    gatewayPaymentId: row.gatewayPaymentId,
    failureReason: row.failureReason,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    breakdown: breakdownOf(row),
  };
}

/**
 * What was charged, in rupees (decision 043): the plan's price less the referral discount and the
 * credit applied; `amount` is what was paid. A row from before the breakdown paid the price.
 */
export function breakdownOf(row: TransactionRow) {
  return {
    planPrice: (row.planPricePaise ?? row.amount) / 100,
    referralDiscount: row.referralDiscountPaise / 100,
    creditApplied: row.creditAppliedPaise / 100,
    amount: row.amount / 100,
  };
}

/** The student's own payments, newest first, each with its invoice number once issued. */
export async function listMyTransactions(db: Db, userId: string) {
  const rows = await db
    .select({ transaction: paymentTransactions, invoiceNumber: invoices.number })
    .from(paymentTransactions)
    .leftJoin(invoices, eq(invoices.transactionId, paymentTransactions.id))
    .where(eq(paymentTransactions.userId, userId))
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(200);
  return rows.map((row) => ({
    ...toTransactionDto(row.transaction),
    invoiceNumber: row.invoiceNumber,
  }));
}

export type GetMyReceiptInput = {
  userId: string;
  id: string;
};

/**
 * A receipt for one of the student's own paid transactions, with its tax invoice when the
 * payment activated a plan (decision 040); anyone else's is not found.
 */
export async function getMyReceipt(db: Db, { userId, id }: GetMyReceiptInput) {
  const [row] = await db
    .select({ transaction: paymentTransactions, profile: profiles })
    .from(paymentTransactions)
    .innerJoin(profiles, eq(profiles.id, paymentTransactions.userId))
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.userId, userId),
        inArray(paymentTransactions.status, ["paid", "refunded"]),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", "Receipt not found.");
  const [settings, invoice, notes] = await Promise.all([
    getSiteSettings(db),
    findMyInvoice(db, { userId, transactionId: id }),
    listCreditNotes(db, id),
  ]);
  return {
    ...toTransactionDto(row.transaction),
    receiptNumber: row.transaction.id,
    invoice: invoice ? toInvoiceDto(invoice) : null,
    /** The credit notes of its refunds (decision 059), oldest first. */
    creditNotes: notes.map(toCreditNoteDto),
    issuer: { name: settings.appTitle, contactEmail: settings.contactEmail },
    customer: { name: row.profile.fullName, email: row.profile.email },
  };
}

export type GetInvoicePdfInput = {
  transactionId: string;
  userId?: string;
};

/**
 * The tax invoice of a payment as a PDF: with `userId`, only that student's own (anyone else's is
 * not found); without, any (the admin's download).
 */
export async function getInvoicePdf(db: Db, { transactionId, userId }: GetInvoicePdfInput) {
  const [transaction] = await db
    .select()
    .from(paymentTransactions)
    .where(
      userId
        ? and(eq(paymentTransactions.id, transactionId), eq(paymentTransactions.userId, userId))
        : eq(paymentTransactions.id, transactionId),
    );
  const [invoice] = transaction
    ? await db.select().from(invoices).where(eq(invoices.transactionId, transactionId))
    : [];
  if (!transaction || !invoice) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.notFound);
  return {
    fileName: invoiceFileName(invoice.number),
    bytes: buildInvoicePdf(toInvoiceDto(invoice), transaction),
  };
}

export type GetCreditNotePdfInput = {
  id: string;
  userId?: string;
};

/**
 * A credit note as a PDF (decision 059): with `userId`, only that student's own (anyone else's
 * is not found); without, any (the admin's download).
 */
export async function getCreditNotePdf(db: Db, { id, userId }: GetCreditNotePdfInput) {
  const found = await findCreditNote(db, { id, userId });
  if (!found) throw new AppError("NOT_FOUND", INVOICE_MESSAGES.creditNoteNotFound);
  return {
    fileName: creditNoteFileName(found.note.number),
    bytes: buildCreditNotePdf(toCreditNoteDto(found.note), toInvoiceDto(found.invoice)),
  };
}
