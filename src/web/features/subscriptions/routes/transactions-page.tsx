import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { Link } from "react-router";
import { formatPrice, type PaymentStatus } from "../../../../shared/subscriptions.ts";
import { useTransactions } from "../api/payments.ts";

const STATUS = {
  paid: { label: "Paid", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  created: { label: "Pending", variant: "outline" },
} as const satisfies Record<PaymentStatus, { label: string; variant: string }>;

export function TransactionsPage() {
  const transactions = useTransactions();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title="Transactions"
        description="Your payments for plans."
        backTo="/student/dashboard"
      />
      <QueryContent
        query={transactions}
        loadingLabel="Loading transactions..."
        errorTitle="Error fetching transactions"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title="No Transactions Yet"
            description="Payments you make for a plan appear here."
            action={
              <Button asChild>
                <Link to="/student/subscriptions">View Plans</Link>
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul className="grid gap-3">
            {list.map((t) => (
              <li
                key={t.id}
                className="grid gap-2 rounded-lg border border-border bg-background p-4 sm:grid-cols-[1fr_auto]"
              >
                <div className="grid gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{t.planName}</span>
                    <Badge variant={STATUS[t.status].variant}>{STATUS[t.status].label}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {formatDateTime(t.paidAt ?? t.createdAt)}
                  </p>
                  <p className="break-all text-xs text-muted-foreground">
                    Order {t.gatewayOrderId}
                    {t.gatewayPaymentId ? ` · Payment ${t.gatewayPaymentId}` : ""}
                  </p>
                  {t.status === "failed" && t.failureReason ? (
                    <p className="text-sm text-destructive">{t.failureReason}</p>
                  ) : null}
                </div>
                <div className="flex items-center gap-3 sm:flex-col sm:items-end">
                  <span className="text-lg font-bold">{formatPrice(t.amount, t.currency)}</span>
                  {t.status === "paid" ? (
                    <Button asChild variant="outline" className="h-11">
                      <Link to={`/student/transactions/${t.id}/receipt`}>Receipt</Link>
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </div>
  );
}
