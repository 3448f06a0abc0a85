import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { formatPrice, type PaymentStatus } from "../../../../shared/subscriptions.ts";
import { useTransactions } from "../api/payments.ts";
import { BillingStateCard } from "../components/billing-state-card.tsx";

const STATUS = {
  paid: { label: msg("Paid"), variant: "success" },
  failed: { label: msg("Failed"), variant: "destructive" },
  created: { label: msg("Pending"), variant: "outline" },
  refunded: { label: msg("Refunded"), variant: "outline" },
} as const satisfies Record<PaymentStatus, { label: string; variant: string }>;

export function TransactionsPage() {
  const { t } = useTranslation();
  const transactions = useTransactions();
  return (
    <div className="mx-auto grid max-w-4xl gap-5 px-4 py-6">
      <PageHeader
        title={t("Transactions")}
        description={t("Your payments for plans.")}
        backTo="/student/dashboard"
        backLabel={t("Back to Dashboard")}
      />
      <BillingStateCard />
      <QueryContent
        query={transactions}
        loadingLabel={t("Loading transactions...")}
        errorTitle={t("Error fetching transactions")}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            title={t("No Transactions Yet")}
            description={t("Payments you make for a plan appear here.")}
            action={
              <Button asChild>
                <Link to="/student/subscriptions">{t("View Plans")}</Link>
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul className="grid gap-3">
            {list.map((item) => (
              <li
                key={item.id}
                className="grid gap-2 rounded-lg border border-border bg-background p-4 sm:grid-cols-[1fr_auto]"
              >
                <div className="grid gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{item.planName}</span>
                    <Badge variant={STATUS[item.status].variant}>
                      {t(STATUS[item.status].label)}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {formatDateTime(item.paidAt ?? item.createdAt)}
                  </p>
                  {item.invoiceNumber ? (
                    <p className="text-sm">
                      {t("Invoice {{number}}", { number: item.invoiceNumber })}
                    </p>
                  ) : null}
                  <p className="break-all text-xs text-muted-foreground">
                    {item.gatewayPaymentId
                      ? t("Order {{order}} · Payment {{payment}}", {
                          order: item.gatewayOrderId,
                          payment: item.gatewayPaymentId,
                        })
                      : t("Order {{order}}", { order: item.gatewayOrderId })}
                  </p>
                  {item.status === "failed" && item.failureReason ? (
                    <p className="text-sm text-destructive">{t(item.failureReason)}</p>
                  ) : null}
                </div>
                <div className="flex items-center gap-3 sm:flex-col sm:items-end">
                  <span className="text-lg font-bold">
                    {formatPrice(item.amount, item.currency)}
                  </span>
                  {item.status === "paid" || item.status === "refunded" ? (
                    <Button asChild variant="outline" className="h-11">
                      <Link to={`/student/transactions/${item.id}/receipt`}>
                        {item.invoiceNumber ? t("Invoice") : t("Receipt")}{" "}
                        <span className="sr-only">{item.planName}</span>
                      </Link>
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
