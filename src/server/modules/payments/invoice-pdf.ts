import {
  buildPdf,
  PDF_PAGE,
  type PdfLine,
  type PdfText,
  textWidth,
  wrapText,
} from "../../lib/simple-pdf.ts";
import type { CreditNoteDto } from "./credit-notes.ts";
import type { InvoiceDto } from "./invoices.ts";

const MARGIN = 56;
const RIGHT = PDF_PAGE.width - MARGIN;

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** "INR 1,234.00": Helvetica has no rupee sign. */
function formatMoney(amount: number, currency: string): string {
  const digits = amount.toLocaleString("en-IN", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency} ${digits}`;
}

type Payment = {
  gatewayOrderId: string;
  gatewayPaymentId: string | null;
  planPricePaise?: number | null;
  referralDiscountPaise?: number;
  creditAppliedPaise?: number;
};

type Amounts = {
  taxable: number;
  tax: number;
  taxParts: { cgst: number; sgst: number; igst: number } | null;
  total: number;
};

const stateLabel = (state: { code: string; name: string } | null) =>
  state ? `${state.name} (code ${state.code})` : "Not given";

/** "9%" for half of 18, "2.5%" for half of 5. */
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

/**
 * One page's writer: text placed top-down from the margin, right-aligned figures, rules; and the
 * parts an invoice and a credit note share (GST rule 46 and rule 53, decision 059).
 */
function pageWriter(invoice: InvoiceDto) {
  const texts: PdfText[] = [];
  const lines: PdfLine[] = [];
  let y = PDF_PAGE.height - MARGIN;
  const put = (text: string, options: { size?: number; bold?: boolean; x?: number } = {}) => {
    texts.push({ x: options.x ?? MARGIN, y, text, size: options.size, bold: options.bold });
  };
  const right = (text: string, options: { size?: number; bold?: boolean } = {}) => {
    const size = options.size ?? 11;
    put(text, { ...options, x: RIGHT - textWidth(text, size, options.bold) });
  };
  const next = (gap = 16) => {
    y -= gap;
  };
  const rule = () => {
    lines.push({ x1: MARGIN, y1: y, x2: RIGHT, y2: y });
    next(18);
  };
  const field = (label: string, value: string) => {
    put(label, { size: 10 });
    put(value, { size: 10, bold: true, x: MARGIN + 130 });
    next();
  };
  const money = (amount: number) => formatMoney(amount, invoice.currency);
  const hasGst = invoice.gstRate !== null;

  const header = (title: string) => {
    put(title, { size: 20, bold: true });
    next(28);
    put(invoice.seller.name, { bold: true, size: 12 });
    next();
    for (const line of wrapText(invoice.seller.address, RIGHT - MARGIN, 10)) {
      if (!line) continue;
      put(line, { size: 10 });
      next(14);
    }
    put(invoice.seller.gstin ? `GSTIN: ${invoice.seller.gstin}` : "GSTIN: not registered", {
      size: 10,
    });
    next(14);
    if (invoice.seller.state) {
      put(`State: ${stateLabel(invoice.seller.state)}`, { size: 10 });
      next(14);
    }
    next(10);
    rule();
  };

  /** The buyer, their state, the place of supply and the reverse charge. */
  const buyer = () => {
    field("Billed to", invoice.customer.name || invoice.customer.email);
    if (invoice.customer.name) field("Email", invoice.customer.email);
    if (invoice.placeOfSupply) {
      field("Buyer's state", stateLabel(invoice.customer.state));
      field("Place of supply", stateLabel(invoice.placeOfSupply));
    }
    field("Reverse charge", "No");
  };

  /** The line with its SAC, then the taxable value, the GST as CGST + SGST or IGST, the total. */
  const lineAndTaxes = (
    description: string,
    note: string,
    amounts: Amounts,
    totalLabel: string,
  ) => {
    const sacX = RIGHT - 170;
    put("Description", { size: 10, bold: true });
    put("SAC", { size: 10, bold: true, x: sacX });
    right("Amount", { size: 10, bold: true });
    next(18);
    put(description, { size: 11 });
    put(invoice.sacCode, { size: 11, x: sacX });
    right(money(amounts.taxable));
    next(14);
    put(note, { size: 9 });
    next(22);
    rule();
    put(hasGst ? "Taxable value" : "Subtotal", { size: 10 });
    right(money(amounts.taxable), { size: 10 });
    next();
    const rate = invoice.gstRate;
    if (rate === null) {
      put("GST not applicable", { size: 10 });
      right(money(amounts.tax), { size: 10 });
      next();
    } else if (!amounts.taxParts) {
      put(`GST @ ${percent(rate)}`, { size: 10 });
      right(money(amounts.tax), { size: 10 });
      next();
    } else if (invoice.placeOfSupply?.code !== invoice.seller.state?.code) {
      put(`IGST @ ${percent(rate)}`, { size: 10 });
      right(money(amounts.taxParts.igst), { size: 10 });
      next();
    } else {
      put(`CGST @ ${percent(rate / 2)}`, { size: 10 });
      right(money(amounts.taxParts.cgst), { size: 10 });
      next();
      put(`SGST @ ${percent(rate / 2)}`, { size: 10 });
      right(money(amounts.taxParts.sgst), { size: 10 });
      next();
    }
    next(4);
    put(totalLabel, { size: 12, bold: true });
    right(money(amounts.total), { size: 12, bold: true });
    next(36);
  };

  /** Rule 46's reverse-charge statement and the signature block. */
  const footer = (document: string) => {
    put("Whether tax is payable on reverse charge: No", { size: 9 });
    next(14);
    put(`This is a digitally signed/computer-generated ${document}; no signature required.`, {
      size: 9,
    });
    next(30);
    right(`For ${invoice.seller.name}`, { size: 10, bold: true });
    next(16);
    right("Authorised Signatory", { size: 10 });
  };

  return {
    put,
    right,
    next,
    rule,
    field,
    money,
    header,
    buyer,
    lineAndTaxes,
    footer,
    texts,
    lines,
  };
}

function validityOf(invoice: InvoiceDto) {
  return invoice.validUntil
    ? `Valid ${formatDate(invoice.validFrom)} to ${formatDate(invoice.validUntil)}`
    : `Valid from ${formatDate(invoice.validFrom)} (lifetime)`;
}

/**
 * The invoice as a one-page A4 PDF, in English (decision 040: the browser's print of the
 * invoice page gives a PDF in the reader's language), with GST rule 46's particulars (059).
 */
export function buildInvoicePdf(invoice: InvoiceDto, payment: Payment): Buffer {
  const w = pageWriter(invoice);
  const hasGst = invoice.gstRate !== null;
  w.header(hasGst ? "Tax Invoice" : "Invoice");
  w.field("Invoice number", invoice.number);
  w.field("Invoice date", formatDate(invoice.issuedAt));
  w.buyer();
  w.field("Razorpay order", payment.gatewayOrderId);
  if (payment.gatewayPaymentId) w.field("Razorpay payment", payment.gatewayPaymentId);
  w.next(8);
  w.rule();
  // The referral reductions: the price, less them, is the total paid (GST included).
  const discount = payment.referralDiscountPaise ?? 0;
  const credit = payment.creditAppliedPaise ?? 0;
  if (discount > 0 || credit > 0) {
    const paise = (value: number) => w.money(value / 100);
    w.put("Plan price (GST included)", { size: 10 });
    w.right(paise(payment.planPricePaise ?? invoice.total * 100), { size: 10 });
    w.next();
    if (discount > 0) {
      w.put("Referral discount", { size: 10 });
      w.right(`- ${paise(discount)}`, { size: 10 });
      w.next();
    }
    if (credit > 0) {
      w.put("Referral credit applied", { size: 10 });
      w.right(`- ${paise(credit)}`, { size: 10 });
      w.next();
    }
    w.put("Amount paid (GST included)", { size: 10, bold: true });
    w.right(w.money(invoice.total), { size: 10, bold: true });
    w.next(22);
    w.rule();
  }
  w.lineAndTaxes(invoice.planName, validityOf(invoice), invoice, "Total paid");
  w.footer("invoice");
  return buildPdf([{ texts: w.texts, lines: w.lines }], { title: `Invoice ${invoice.number}` });
}

/**
 * A credit note for a refund as a one-page A4 PDF, in English like the invoice: the invoice it
 * credits (number and date), the same seller, buyer, states and tax split (decision 059).
 */
export function buildCreditNotePdf(note: CreditNoteDto, invoice: InvoiceDto): Buffer {
  const w = pageWriter(invoice);
  w.header("Credit Note");
  w.field("Credit note number", note.number);
  w.field("Credit note date", formatDate(note.issuedAt));
  w.field("Original invoice", `${invoice.number} dated ${formatDate(invoice.issuedAt)}`);
  w.field("Reason", "Refund of the payment");
  w.buyer();
  w.next(8);
  w.rule();
  w.lineAndTaxes(`Refund: ${invoice.planName}`, validityOf(invoice), note, "Total credited");
  w.footer("credit note");
  return buildPdf([{ texts: w.texts, lines: w.lines }], { title: `Credit note ${note.number}` });
}

/** "invoice-2026-27-00001.pdf" */
export function invoiceFileName(number: string): string {
  return `invoice-${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;
}

/** "credit-note-CN-2026-27-00004.pdf" */
export function creditNoteFileName(number: string): string {
  return `credit-note-${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;
}
