import { Button } from "@web/components/ui/button.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
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
            <td className="py-2 text-right">{money(invoice.taxable)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-normal text-muted-foreground">
              {hasGst ? t("Taxable value") : t("Subtotal")}
            </th>
            <td className="pt-2 text-right">{money(invoice.taxable)}</td>
          </tr>
          <tr>
            <th scope="row" className="text-left font-normal text-muted-foreground">
              {hasGst ? t("GST @ {{rate}}%", { rate: invoice.gstRate }) : t("GST not applicable")}
            </th>
            <td className="text-right">{money(invoice.tax)}</td>
          </tr>
          <tr className="text-lg font-bold">
            <th scope="row" className="pt-3 text-left">
              {t("Total paid")}
            </th>
            <td className="pt-3 text-right">{money(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="text-xs text-muted-foreground">
        {t("This is a computer-generated invoice and needs no signature.")}
      </p>
    </article>
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
  if (receipt.isPending) return <LoadingState label={t("Loading invoice...")} />;
  if (receipt.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <ErrorState title={t("Invoice Not Found")} message={receipt.error.message}>
          <Button asChild variant="outline">
            <Link to="/student/transactions">{t("Back to Transactions")}</Link>
          </Button>
        </ErrorState>
      </div>
    );
  }
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
        <TaxInvoice receipt={receipt.data} invoice={invoice} />
      ) : (
        <PlainReceipt receipt={receipt.data} />
      )}
    </div>
  );
}
