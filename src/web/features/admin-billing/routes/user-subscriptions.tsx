import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { SubscriptionStatusBadge } from "@web/components/subscription-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDate } from "@web/lib/format.ts";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS } from "../../../../shared/subscriptions.ts";
import {
  type UserSubscriptionRow,
  userSubscriptionsQueryOptions,
} from "../api/user-subscriptions.ts";
import { DetailsDialog, NOT_STARTED } from "../components/subscription-details-dialog.tsx";

export function UserSubscriptionsPage() {
  const { t } = useTranslation();
  const endLabel = (s: UserSubscriptionRow) =>
    s.status === "active" && !s.endDate ? t("Lifetime") : formatDate(s.endDate);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <ResourceList
      title={t("User Subscriptions")}
      actions={(list) => (
        <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw aria-hidden="true" /> {t("Refresh")}
        </Button>
      )}
      search={{
        id: "subscription-search",
        label: t("Search by name or email"),
        placeholder: t("Search by name or email..."),
        debounceMs: USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS,
      }}
      query={userSubscriptionsQueryOptions}
      pageSize={25}
      loadingLabel={t("Loading subscriptions...")}
      errorTitle={t("Error fetching user subscriptions")}
      empty={{
        title: t("No subscriptions found."),
        description: t("Subscriptions appear here once students subscribe."),
      }}
      columns={[
        { header: t("User"), className: "font-medium", cell: (s) => s.profile.fullName ?? "—" },
        { header: t("Email"), className: "break-all", cell: (s) => s.profile.email },
        { header: t("Plan"), cell: (s) => s.plan?.name ?? s.planName },
        {
          header: t("Status"),
          cell: (s) => <SubscriptionStatusBadge status={s.status} />,
        },
        {
          header: t("Start Date"),
          className: "whitespace-nowrap",
          cell: (s) => (s.startDate ? formatDate(s.startDate) : t(NOT_STARTED)),
        },
        { header: t("End Date"), className: "whitespace-nowrap", cell: endLabel },
      ]}
      rowActions={(s) => (
        <Button
          variant="outline"
          aria-label={t("Details for {{name}}", { name: s.profile.fullName ?? s.profile.email })}
          onClick={() => setViewing(s.id)}
        >
          {t("Details")}
        </Button>
      )}
    >
      <DetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </ResourceList>
  );
}
