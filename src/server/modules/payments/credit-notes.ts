import { and, asc, eq } from "drizzle-orm";
import {
  creditNoteAmounts,
  financialYearOf,
  formatCreditNoteNumber,
} from "../../../shared/invoice.ts";
import type { DbOrTx } from "../../db/client.ts";
import { creditNotes, invoices, type paymentTransactions } from "../../db/schema/subscriptions.ts";
import { type InvoiceRow, nextDocumentNumber, toInvoiceDto } from "./invoices.ts";

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export type IssueCreditNoteInput = {
  transaction: typeof paymentTransactions.$inferSelect;
  refund: { refundedBeforePaise: number; refundedNowPaise: number };
  now: Date;
};

/**
 * Issues the credit note of a refund, inside the refund's transaction (the payment's row is
 * locked there): it credits what was refunded since the last note, `refundedBefore` to
 * `refundedNow` paise, at the invoice's rate and with its CGST + SGST or IGST split, numbered in
 * the credit notes' own gap-free series of the refund's financial year (decision 059). A payment
 * with no invoice (refused, or from before invoices) gets none, and neither does a redelivered
 * event: nothing more was refunded.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  { transaction, refund, now }: IssueCreditNoteInput,
): Promise<CreditNoteRow | null> {
  if (refund.refundedNowPaise <= refund.refundedBeforePaise) return null;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.transactionId, transaction.id));
  if (!invoice) return null;
  const amounts = creditNoteAmounts(
    refund.refundedBeforePaise,
    refund.refundedNowPaise,
    invoice.gstRate === null ? null : Number(invoice.gstRate),
    // As the invoice decided; one from before the states were kept has neither: the seller's.
    invoice.placeOfSupplyCode === invoice.sellerStateCode,
  );
  const financialYear = financialYearOf(now);
  const sequence = await nextDocumentNumber(tx, { series: "credit_note", financialYear });
  const [row] = await tx
    .insert(creditNotes)
    .values({
      invoiceId: invoice.id,
      transactionId: transaction.id,
      userId: invoice.userId,
      number: formatCreditNoteNumber(financialYear, sequence),
      financialYear,
      sequence,
      issuedAt: now,
      refundedThroughPaise: refund.refundedNowPaise,
      ...amounts,
    })
    .returning();
  if (!row) throw new Error("credit note insert returned no row");
  return row;
}

/** The credit notes of a payment, oldest first. */
export function listCreditNotes(db: DbOrTx, transactionId: string) {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.transactionId, transactionId))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.sequence));
}

export type FindCreditNoteInput = {
  id: string;
  userId?: string;
};

/** A credit note with its invoice; with `userId`, only that student's own (else null). */
export async function findCreditNote(db: DbOrTx, { id, userId }: FindCreditNoteInput) {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(
      userId ? and(eq(creditNotes.id, id), eq(creditNotes.userId, userId)) : eq(creditNotes.id, id),
    );
  return row ?? null;
}

/** A credit note as the client shows it: in rupees, with the invoice it credits. */
export function toCreditNoteDto(note: CreditNoteRow) {
  return {
    id: note.id,
    number: note.number,
    issuedAt: note.issuedAt.toISOString(),
    taxable: note.taxablePaise / 100,
    tax: note.taxPaise / 100,
    taxParts: {
      cgst: note.cgstPaise / 100,
      sgst: note.sgstPaise / 100,
      igst: note.igstPaise / 100,
    },
    total: note.totalPaise / 100,
  };
}
export type CreditNoteDto = ReturnType<typeof toCreditNoteDto>;

/** What the credit note's PDF needs: the note and the invoice it credits (seller, buyer, states). */
export function creditNoteDocument(note: CreditNoteRow, invoice: InvoiceRow) {
  return { note: toCreditNoteDto(note), invoice: toInvoiceDto(invoice) };
}
