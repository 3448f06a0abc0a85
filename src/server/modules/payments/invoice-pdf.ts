import {
  buildPdf,
  PDF_PAGE,
  type PdfLine,
  type PdfText,
  textWidth,
  wrapText,
} from "../../lib/simple-pdf.ts";
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
function money(amount: number, currency: string): string {
  const digits = amount.toLocaleString("en-IN", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency} ${digits}`;
}

/**
 * The invoice as a one-page A4 PDF, in English (decision 040: the browser's print of the
 * invoice page gives a PDF in the reader's language).
 */
export function buildInvoicePdf(
  invoice: InvoiceDto,
  payment: {
    gatewayOrderId: string;
    gatewayPaymentId: string | null;
    planPricePaise?: number | null;
    referralDiscountPaise?: number;
    creditAppliedPaise?: number;
  },
): Buffer {
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

  const hasGst = invoice.gstRate !== null;
  put(hasGst ? "Tax Invoice" : "Invoice", { size: 20, bold: true });
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
  next(24);
  rule();

  const field = (label: string, value: string) => {
    put(label, { size: 10 });
    put(value, { size: 10, bold: true, x: MARGIN + 130 });
    next();
  };
  field("Invoice number", invoice.number);
  field("Invoice date", formatDate(invoice.issuedAt));
  field("Billed to", invoice.customer.name || invoice.customer.email);
  if (invoice.customer.name) field("Email", invoice.customer.email);
  field("Razorpay order", payment.gatewayOrderId);
  if (payment.gatewayPaymentId) field("Razorpay payment", payment.gatewayPaymentId);
  next(8);
  rule();

  put("Description", { size: 10, bold: true });
  right("Amount", { size: 10, bold: true });
  next(18);
  put(invoice.planName, { size: 11 });
  right(money(invoice.taxable, invoice.currency));
  next(14);
  const validity = invoice.validUntil
    ? `Valid ${formatDate(invoice.validFrom)} to ${formatDate(invoice.validUntil)}`
    : `Valid from ${formatDate(invoice.validFrom)} (lifetime)`;
  put(validity, { size: 9 });
  next(22);
  rule();
  // The referral reductions (issue 22 §5): the price, less them, is the total paid (GST included).
  const discount = payment.referralDiscountPaise ?? 0;
  const credit = payment.creditAppliedPaise ?? 0;
  if (discount > 0 || credit > 0) {
    const paise = (value: number) => money(value / 100, invoice.currency);
    put("Plan price (GST included)", { size: 10 });
    right(paise(payment.planPricePaise ?? invoice.total * 100), { size: 10 });
    next();
    if (discount > 0) {
      put("Referral discount", { size: 10 });
      right(`- ${paise(discount)}`, { size: 10 });
      next();
    }
    if (credit > 0) {
      put("Referral credit applied", { size: 10 });
      right(`- ${paise(credit)}`, { size: 10 });
      next();
    }
    put("Amount paid (GST included)", { size: 10, bold: true });
    right(money(invoice.total, invoice.currency), { size: 10, bold: true });
    next(22);
    rule();
  }
  put(hasGst ? "Taxable value" : "Subtotal", { size: 10 });
  right(money(invoice.taxable, invoice.currency), { size: 10 });
  next();
  put(hasGst ? `GST @ ${invoice.gstRate}%` : "GST not applicable", { size: 10 });
  right(money(invoice.tax, invoice.currency), { size: 10 });
  next(20);
  put("Total paid", { size: 12, bold: true });
  right(money(invoice.total, invoice.currency), { size: 12, bold: true });
  next(36);
  put("This is a computer-generated invoice and needs no signature.", { size: 9 });
  return buildPdf([{ texts, lines }], { title: `Invoice ${invoice.number}` });
}

/** "invoice-2026-27-00001.pdf" */
export function invoiceFileName(number: string): string {
  return `invoice-${number.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;
}
