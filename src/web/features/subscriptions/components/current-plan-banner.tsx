import { Badge } from "@web/components/ui/badge.tsx";
import { type SubscriptionStatus, statusLabel } from "../../../../shared/subscriptions.ts";
import { endLabel } from "../lib/plan-format.ts";

/**
 * Spec badge styles: active success, pending outline, cancelled and expired destructive;
 * 'replaced' (decision 028) is a plain end, not a failure.
 */
const VARIANT = {
  active: "success",
  pending: "outline",
  cancelled: "destructive",
  expired: "destructive",
  replaced: "secondary",
} as const satisfies Record<SubscriptionStatus, string>;

export function CurrentPlanBanner(props: {
  subscription: { planName: string; status: SubscriptionStatus; endDate: string | null } | null;
}) {
  const s = props.subscription;
  return (
    <section
      aria-label="Current plan"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-background p-4"
    >
      {s ? (
        <>
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">Current plan</p>
            <p className="text-lg font-semibold">{s.planName}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <Badge variant={VARIANT[s.status]}>{statusLabel(s.status)}</Badge>
            <span>
              {s.status === "active" ? "Valid until" : "Ended"}:{" "}
              <strong>{endLabel(s.endDate)}</strong>
            </span>
          </div>
        </>
      ) : (
        <p className="text-muted-foreground">
          You are on the free tier: free exams and quizzes, without limits. Choose a plan to unlock
          premium content.
        </p>
      )}
    </section>
  );
}
