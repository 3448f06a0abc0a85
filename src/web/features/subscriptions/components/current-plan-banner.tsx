import { SubscriptionStatusBadge } from "@web/components/subscription-status-badge.tsx";
import { formatDate } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import type { SubscriptionStatus } from "../../../../shared/subscriptions.ts";

export function CurrentPlanBanner(props: {
  subscription: { planName: string; status: SubscriptionStatus; endDate: string | null } | null;
}) {
  const { t } = useTranslation();
  const s = props.subscription;
  return (
    <section
      aria-label={t("Current plan")}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-background p-4"
    >
      {s ? (
        <>
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">{t("Current plan")}</p>
            <p className="text-lg font-semibold">{s.planName}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <SubscriptionStatusBadge status={s.status} />
            <span>
              {s.status === "active" ? t("Valid until") : t("Ended")}:{" "}
              <strong>{s.endDate ? formatDate(s.endDate) : t("Lifetime")}</strong>
            </span>
          </div>
        </>
      ) : (
        <p className="text-muted-foreground">
          {t(
            "You are on the free tier: free exams and quizzes, without limits. Choose a plan to unlock premium content.",
          )}
        </p>
      )}
    </section>
  );
}
