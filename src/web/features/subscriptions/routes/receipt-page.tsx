import { Button } from "@web/components/ui/button.tsx";
import { type HookData, QueryContent } from "@web/components/ui/query-content.tsx";
import { ErrorState } from "@web/components/ui/states.tsx";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import type { TFunction } from "i18next";
import { Download, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatPrice } from "../../../../shared/subscriptions.ts";
import { useReceipt } from "../api/payments.ts";
import { BreakdownRows, hasReductions } from "../components/checkout-breakdown.tsx";
import "./invoice-print.css";

type Receipt = NonNullable<ReturnType<typeof useReceipt>["data"]>;
type Invoice = NonNullable<Receipt["invoice"]>;
type State = Invoice["placeOfSupply"];

/** "Delhi (07)", in the interface language; "Not given" when there is none. */
function useStateLabel() {
  const { t } = useTranslation();
  return (state: State) =>
    state ? t("{{state}} ({{code}})", { state: t(state.name), code: state.code }) : t("Not given");
}

/** The GST rows: CGST + SGST (same state) or IGST (decision 059), or one line on older invoices. */
function taxRows(invoice: Invoice, t: TFunction) {
  const rate = invoice.gstRate;
  const parts = invoice.taxParts;
  if (rate === null) return [[t("GST not applicable"), invoice.tax]] as const;
  if (!parts) return [[t("GST @ {{rate}}%", { rate }), invoice.tax]] as const;
  if (invoice.placeOfSupply?.code !== invoice.seller.state?.code) {
    return [[t("IGST @ {{rate}}%", { rate }), parts.igst]] as const;
  }
  const half = Number((rate / 2).toFixed(2));
  return [
    [t("CGST @ {{rate}}%", { rate: half }), parts.cgst],
    [t("SGST @ {{rate}}%", { rate: half }), parts.sgst],
  ] as const;
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="break-all font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The tax invoice: seller, buyer, the plan and its validity, GST shown separately. */
function TaxInvoice({ receipt, invoice }: { receipt: Receipt; invoice: Invoice }) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const money = (amount: number) => formatPrice(amount, invoice.currency);
  const hasGst = invoice.gstRate !== null;
  const validity = invoice.validUntil
    ? t("Valid {{from}} to {{until}}", {
        from: formatDate(invoice.validFrom),
        until: formatDate(invoice.validUntil),
      })
    : t("Valid from {{from}} (lifetime)", { from: formatDate(invoice.validFrom) });
  return (
    <article className="invoice-document grid gap-5 rounded-lg border border-border bg-background p-5 sm:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold">{hasGst ? t("Tax Invoice") : t("Invoice")}</h1>
          <p className="font-semibold">{invoice.seller.name}</p>
          {invoice.seller.address ? (
            <p className="whitespace-pre-line text-sm text-muted-foreground">
              {invoice.seller.address}
            </p>
          ) : null}
          <p className="text-sm">
            {invoice.seller.gstin
              ? t("GSTIN: {{gstin}}", { gstin: invoice.seller.gstin })
              : t("Not registered for GST")}
          </p>
          {invoice.seller.state ? (
            <p className="text-sm">
              {t("State: {{state}}", { state: stateLabel(invoice.seller.state) })}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1 text-sm sm:text-right">
          <p>
            <span className="text-muted-foreground">{t("Invoice number")}: </span>
            <span className="font-semibold">{invoice.number}</span>
          </p>
          <p>
            <span className="text-muted-foreground">{t("Invoice date")}: </span>
            <span className="font-semibold">{formatDate(invoice.issuedAt)}</span>
          </p>
        </div>
      </header>
      <Rows
        rows={[
          [t("Billed to"), invoice.customer.name || invoice.customer.email],
          ...(invoice.customer.name
            ? [[t("Email"), invoice.customer.email] as [string, ReactNode]]
            : []),
          ...(invoice.placeOfSupply
            ? ([
                [t("Buyer's state"), stateLabel(invoice.customer.state)],
                [t("Place of supply"), stateLabel(invoice.placeOfSupply)],
              ] as [string, ReactNode][])
            : []),
          [t("Reverse charge"), t("No")],
          [t("Razorpay order"), receipt.gatewayOrderId],
          [t("Razorpay payment"), receipt.gatewayPaymentId ?? "—"],
        ]}
      />
      {hasReductions(receipt.breakdown) ? (
        <section aria-label={t("Price breakdown")} className="grid gap-1">
          <BreakdownRows breakdown={receipt.breakdown} currency={invoice.currency} paid />
        </section>
      ) : null}
      <table className="w-full text-sm">
        <caption className="sr-only">{t("Invoice lines")}</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 font-semibold">
              {t("Description")}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t("SAC")}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {t("Amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-border align-top">
            <td className="py-2">
              <span className="block font-medium">{invoice.planName}</span>
              <span className="block text-muted-foreground">{validity}</span>
            </td>
            <td className="px-2 py-2">{invoice.sacCode}</td>
            <td className="py-2 text-right">{money(invoice.taxable)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th
              scope="row"
              colSpan={2}
              className="pt-2 text-left font-normal text-muted-foreground"
            >
              {hasGst ? t("Taxable value") : t("Subtotal")}
            </th>
            <td className="pt-2 text-right">{money(invoice.taxable)}</td>
          </tr>
          {taxRows(invoice, t).map(([label, amount]) => (
            <tr key={label}>
              <th scope="row" colSpan={2} className="text-left font-normal text-muted-foreground">
                {label}
              </th>
              <td className="text-right">{money(amount)}</td>
            </tr>
          ))}
          <tr className="text-lg font-bold">
            <th scope="row" colSpan={2} className="pt-3 text-left">
              {t("Total paid")}
            </th>
            <td className="pt-3 text-right">{money(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
      <footer className="grid gap-1 text-xs text-muted-foreground">
        <p>{t("Whether tax is payable on reverse charge: No")}</p>
        <p>{t("This is a digitally signed/computer-generated invoice; no signature required.")}</p>
        <p className="mt-3 text-right text-sm text-foreground">
          <span className="block font-semibold">
            {t("For {{seller}}", { seller: invoice.seller.name })}
          </span>
          <span className="block">{t("Authorised Signatory")}</span>
        </p>
      </footer>
    </article>
  );
}

/** The credit notes of the payment's refunds (decision 059), each downloadable as a PDF. */
function CreditNotes({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  if (receipt.creditNotes.length === 0) return null;
  return (
    <section
      aria-labelledby="credit-notes-heading"
      className="grid gap-3 rounded-lg border border-border p-5 print:hidden"
    >
      <h2 id="credit-notes-heading" className="text-lg font-semibold">
        {t("Credit notes")}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t("Issued for the refund of this payment, against the invoice above.")}
      </p>
      <ul className="grid gap-2">
        {receipt.creditNotes.map((note) => (
          <li
            key={note.id}
            className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-2"
          >
            <span className="text-sm">
              <span className="block font-semibold">{note.number}</span>
              <span className="block text-muted-foreground">
                {formatDate(note.issuedAt)} · {formatPrice(note.total, receipt.currency)}
              </span>
            </span>
            <Button asChild variant="outline" className="h-11">
              <a
                href={`/api/payments/credit-notes/${note.id}/credit-note.pdf`}
                download
                aria-label={t("Download PDF: credit note {{number}}", { number: note.number })}
              >
                <Download aria-hidden="true" /> {t("Download PDF")}
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A payment that activated no plan (or from before invoices): the plain receipt. */
function PlainReceipt({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  return (
    <article className="invoice-document grid gap-4 rounded-lg border border-border bg-background p-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("Payment Receipt")}</h1>
        <p className="text-muted-foreground">
          {receipt.issuer.name} · {receipt.issuer.contactEmail}
        </p>
      </header>
      <Rows
        rows={[
          [t("Receipt number"), receipt.receiptNumber],
          [t("Date"), formatDateTime(receipt.paidAt)],
          [t("Billed to"), `${receipt.customer.name ?? ""} (${receipt.customer.email ?? ""})`],
          [t("Plan"), receipt.planName],
          [t("Razorpay order"), receipt.gatewayOrderId],
          [t("Razorpay payment"), receipt.gatewayPaymentId ?? ""],
          [t("Status"), receipt.status === "refunded" ? t("Refunded") : t("Paid")],
        ]}
      />
      {hasReductions(receipt.breakdown) ? (
        <BreakdownRows breakdown={receipt.breakdown} currency={receipt.currency} paid />
      ) : null}
      <p className="flex justify-between border-t border-border pt-4 text-lg font-bold">
        <span>{t("Amount paid")}</span>
        <span>{formatPrice(receipt.amount, receipt.currency)}</span>
      </p>
    </article>
  );
}

/**
 * The tax invoice of one paid transaction (decision 040): printable (print CSS) and downloadable
 * as a PDF the server builds.
 */
export function ReceiptPage() {
  const { t } = useTranslation();
  const { transactionId = "" } = useParams();
  const receipt = useReceipt(transactionId);
  const invoice = receipt.data?.invoice ?? null;
  usePageTitle(invoice ? t("Invoice {{number}}", { number: invoice.number }) : null);
  return (
    <QueryContent
      query={receipt}
      loadingLabel={t("Loading invoice...")}
      error={(error) => (
        <div className="mx-auto max-w-md px-4 py-16">
          <ErrorState title={t("Invoice Not Found")} message={error?.message}>
            <Button asChild variant="outline">
              <Link to="/student/transactions">{t("Back to Transactions")}</Link>
            </Button>
          </ErrorState>
        </div>
      )}
    >
      {(data) => <Receipt receipt={data} transactionId={transactionId} />}
    </QueryContent>
  );
}

/** The loaded receipt: the invoice (or the payment's record), to print or download. */
function Receipt({
  receipt,
  transactionId,
}: {
  receipt: HookData<typeof useReceipt>;
  transactionId: string;
}) {
  const { t } = useTranslation();
  const invoice = receipt.invoice ?? null;
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-6 print:max-w-none print:p-0">
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" className="h-11">
          <Link to="/student/transactions">{t("Back to Transactions")}</Link>
        </Button>
        <div className="flex flex-wrap gap-2">
          {invoice ? (
            <Button asChild variant="outline" className="h-11">
              <a href={`/api/payments/transactions/${transactionId}/invoice.pdf`} download>
                <Download aria-hidden="true" /> {t("Download PDF")}
              </a>
            </Button>
          ) : null}
          <Button className="h-11" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> {t("Print")}
          </Button>
        </div>
      </div>
      {invoice ? (
        <TaxInvoice receipt={receipt} invoice={invoice} />
      ) : (
        <PlainReceipt receipt={receipt} />
      )}
      <CreditNotes receipt={receipt} />
    </div>
  );
}
