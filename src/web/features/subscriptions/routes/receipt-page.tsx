import { Button } from "@web/components/ui/button.tsx";
import { ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { Printer } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatPrice } from "../../../../shared/subscriptions.ts";
import { useReceipt } from "../api/payments.ts";

/** A printable receipt for one paid transaction (the browser's print dialog makes the PDF). */
export function ReceiptPage() {
  const { transactionId = "" } = useParams();
  const receipt = useReceipt(transactionId);
  if (receipt.isPending) return <LoadingState label="Loading receipt..." />;
  if (receipt.isError) {
    return (
      <div className="mx-auto max-w-md px-4 py-16">
        <ErrorState title="Receipt Not Found" message={receipt.error.message}>
          <Button asChild variant="outline">
            <Link to="/student/transactions">Back to Transactions</Link>
          </Button>
        </ErrorState>
      </div>
    );
  }
  const r = receipt.data;
  const rows = [
    ["Receipt number", r.receiptNumber],
    ["Date", formatDateTime(r.paidAt)],
    ["Billed to", `${r.customer.name ?? ""} (${r.customer.email ?? ""})`],
    ["Plan", r.planName],
    ["Razorpay order", r.gatewayOrderId],
    ["Razorpay payment", r.gatewayPaymentId ?? ""],
    ["Status", "Paid"],
  ];
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-6">
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" className="h-11">
          <Link to="/student/transactions">Back to Transactions</Link>
        </Button>
        <Button className="h-11" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print Receipt
        </Button>
      </div>
      <article className="grid gap-4 rounded-lg border border-border bg-background p-6">
        <header className="grid gap-1">
          <h1 className="text-2xl font-bold">Payment Receipt</h1>
          <p className="text-muted-foreground">
            {r.issuer.name} · {r.issuer.contactEmail}
          </p>
        </header>
        <dl className="grid gap-2 sm:grid-cols-[12rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="break-all font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="flex justify-between border-t border-border pt-4 text-lg font-bold">
          <span>Amount paid</span>
          <span>{formatPrice(r.amount, r.currency)}</span>
        </p>
      </article>
    </div>
  );
}
