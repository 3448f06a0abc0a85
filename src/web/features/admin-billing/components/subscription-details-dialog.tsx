import { SubscriptionStatusBadge } from "@web/components/subscription-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { LoadingState } from "@web/components/ui/states.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { formatPrice } from "../../../../shared/subscriptions.ts";
import { useCancelSubscription, useUserSubscription } from "../api/user-subscriptions.ts";

/** A checkout whose payment never completed: the subscription never ran. */
export const NOT_STARTED = "Never started (payment not completed)";
const REPLACED_NOTE = "Ended when the student activated another plan.";

export function DetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const details = useUserSubscription(id);
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const d = details.data;
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Subscription Details">
        {details.isPending ? (
          <LoadingState />
        ) : !d ? (
          <p role="alert">{details.error?.message}</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[8rem_1fr] gap-2">
              <dt className="text-muted-foreground">User</dt>
              <dd>
                {d.profile.fullName ?? "—"} ({d.profile.email})
              </dd>
              <dt className="text-muted-foreground">Plan</dt>
              <dd>{d.plan?.name ?? d.planName}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <SubscriptionStatusBadge status={d.status} />
                {d.status === "replaced" ? (
                  <span className="ml-2 text-muted-foreground">{REPLACED_NOTE}</span>
                ) : null}
              </dd>
              <dt className="text-muted-foreground">Period</dt>
              <dd>
                {!d.startDate
                  ? NOT_STARTED
                  : `${formatDate(d.startDate)} – ${d.endDate ? formatDate(d.endDate) : "Lifetime"}`}
              </dd>
              <dt className="text-muted-foreground">Order ID</dt>
              <dd className="break-all">{d.gatewayOrderId ?? "—"}</dd>
              <dt className="text-muted-foreground">Payment ID</dt>
              <dd className="break-all">{d.gatewayPaymentId ?? "—"}</dd>
            </dl>
            <h3 className="font-semibold">Payments</h3>
            {d.payments.length === 0 ? (
              <p className="text-muted-foreground">No payment (free plan or added by hand).</p>
            ) : (
              <ul className="grid gap-1">
                {d.payments.map((p) => (
                  <li key={p.id}>
                    {formatPrice(p.amount, p.currency)} · {p.status} ·{" "}
                    {formatDateTime(p.paidAt ?? p.createdAt)}
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
                Cancel Subscription
              </Button>
            ) : null}
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Cancel Subscription"
          description="The student loses premium access at once and cannot activate this plan again. This cannot be undone."
          confirmLabel="Cancel Subscription"
          isPending={cancel.isPending}
          onConfirm={async () => {
            if (!id) return;
            try {
              await cancel.mutateAsync(id);
              notify.success("Subscription Cancelled");
            } catch (error) {
              notify.error("Error cancelling subscription", errorMessage(error));
            }
            setConfirming(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
