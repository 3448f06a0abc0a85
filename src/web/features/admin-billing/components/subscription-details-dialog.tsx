import { SubscriptionStatusBadge } from "@web/components/subscription-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../../../../shared/i18n/msg.ts";
import { formatPrice, PAYMENT_STATUS_LABELS } from "../../../../shared/subscriptions.ts";
import { useCancelSubscription, useUserSubscription } from "../api/user-subscriptions.ts";

/** A checkout whose payment never completed: the subscription never ran. */
export const NOT_STARTED = msg("Never started (payment not completed)");
const REPLACED_NOTE = msg("Ended when the student activated another plan.");

export function DetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const details = useUserSubscription(id);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t("Subscription Details")}>
        <QueryContent
          query={details}
          loadingLabel={t("Loading subscription...")}
          error={(error) => (
            <InlineAlert className="">
              {errorMessage(error, msg("An unexpected error occurred."))}
            </InlineAlert>
          )}
        >
          {(d) => (
            <div className="grid gap-3 text-sm">
              <dl className="grid grid-cols-[8rem_1fr] gap-2">
                <dt className="text-muted-foreground">{t("User")}</dt>
                <dd>
                  {d.profile.fullName ?? "—"} ({d.profile.email})
                </dd>
                <dt className="text-muted-foreground">{t("Plan")}</dt>
                <dd>{d.plan?.name ?? d.planName}</dd>
                <dt className="text-muted-foreground">{t("Status")}</dt>
                <dd>
                  <SubscriptionStatusBadge status={d.status} />
                  {d.status === "replaced" ? (
                    <span className="ml-2 text-muted-foreground">{t(REPLACED_NOTE)}</span>
                  ) : null}
                </dd>
                <dt className="text-muted-foreground">{t("Period")}</dt>
                <dd>
                  {!d.startDate
                    ? t(NOT_STARTED)
                    : `${formatDate(d.startDate)} – ${d.endDate ? formatDate(d.endDate) : t("Lifetime")}`}
                </dd>
                <dt className="text-muted-foreground">{t("Order ID")}</dt>
                <dd className="break-all">{d.gatewayOrderId ?? "—"}</dd>
                <dt className="text-muted-foreground">{t("Payment ID")}</dt>
                <dd className="break-all">{d.gatewayPaymentId ?? "—"}</dd>
              </dl>
              <h3 className="font-semibold">{t("Payments")}</h3>
              {d.payments.length === 0 ? (
                <p className="text-muted-foreground">
                  {t("No payment (free plan or added by hand).")}
                </p>
              ) : (
                <ul className="grid gap-2">
                  {d.payments.map((p) => (
                    <li key={p.id} className="grid gap-1">
                      <span>
                        {formatPrice(p.amount, p.currency)} · {t(PAYMENT_STATUS_LABELS[p.status])} ·{" "}
                        {formatDateTime(p.paidAt ?? p.createdAt)}
                      </span>
                      {p.invoiceNumber ? (
                        <span className="flex flex-wrap gap-x-4 gap-y-1">
                          <a
                            className="text-primary underline underline-offset-4"
                            href={`/api/admin/invoices/transactions/${p.id}/invoice.pdf`}
                            download
                          >
                            {t("Invoice {{number}} (PDF)", { number: p.invoiceNumber })}
                          </a>
                          {p.creditNotes.map((note) => (
                            <a
                              key={note.id}
                              className="text-primary underline underline-offset-4"
                              href={`/api/admin/invoices/credit-notes/${note.id}/credit-note.pdf`}
                              download
                            >
                              {t("Credit note {{number}} (PDF)", { number: note.number })}
                            </a>
                          ))}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {d.status === "active" || d.status === "pending" ? (
                <Button
                  variant="destructive"
                  className="justify-self-start"
                  onClick={() => setConfirming(true)}
                >
                  {t("Cancel Subscription")}
                </Button>
              ) : null}
            </div>
          )}
        </QueryContent>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t("Cancel Subscription")}
          description={t(
            "The student loses premium access at once and cannot activate this plan again. This cannot be undone.",
          )}
          confirmLabel={t("Cancel Subscription")}
          pendingLabel={t("Cancelling...")}
          isPending={cancel.isPending}
          onConfirm={async () => {
            if (!id) return;
            try {
              await cancel.mutateAsync(id);
              notify.success(t("Subscription Cancelled"));
            } catch (error) {
              notify.error(t("Error cancelling subscription"), errorMessage(error));
            }
            setConfirming(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
