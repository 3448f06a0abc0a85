import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { SubscriptionStatusBadge } from "@web/components/subscription-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDate } from "@web/lib/format.ts";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS } from "../../../../shared/subscriptions.ts";
import {
  type UserSubscriptionRow,
  userSubscriptionsQueryOptions,
} from "../api/user-subscriptions.ts";
import { DetailsDialog, NOT_STARTED } from "../components/subscription-details-dialog.tsx";

const endLabel = (s: UserSubscriptionRow) =>
  s.status === "active" && !s.endDate ? "Lifetime" : formatDate(s.endDate);

export function UserSubscriptionsPage() {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <ResourceList
      title="User Subscriptions"
      actions={(list) => (
        <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RefreshCw aria-hidden="true" /> Refresh
        </Button>
      )}
      search={{
        id: "subscription-search",
        label: "Search by name or email",
        placeholder: "Search by name or email...",
        debounceMs: USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS,
      }}
      query={userSubscriptionsQueryOptions}
      pageSize={25}
      loadingLabel="Loading subscriptions..."
      errorTitle="Error fetching user subscriptions"
      empty={{
        title: "No subscriptions found.",
        description: "Subscriptions appear here once students subscribe.",
      }}
      columns={[
        { header: "User", className: "font-medium", cell: (s) => s.profile.fullName ?? "—" },
        { header: "Email", className: "break-all", cell: (s) => s.profile.email },
        { header: "Plan", cell: (s) => s.plan?.name ?? s.planName },
        {
          header: "Status",
          cell: (s) => <SubscriptionStatusBadge status={s.status} />,
        },
        {
          header: "Start Date",
          className: "whitespace-nowrap",
          cell: (s) => (s.startDate ? formatDate(s.startDate) : NOT_STARTED),
        },
        { header: "End Date", className: "whitespace-nowrap", cell: endLabel },
      ]}
      rowActions={(s) => (
        <Button
          variant="outline"
          aria-label={`Details for ${s.profile.fullName ?? s.profile.email}`}
          onClick={() => setViewing(s.id)}
        >
          Details
        </Button>
      )}
    >
      <DetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </ResourceList>
  );
}
