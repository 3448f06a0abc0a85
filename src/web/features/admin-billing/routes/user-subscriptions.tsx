import { PageHeader } from "@web/components/layout/page-header.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent } from "@web/components/ui/dialog.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { EmptyState, ErrorState, LoadingState } from "@web/components/ui/states.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@web/components/ui/table.tsx";
import { formatDate, formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import {
  formatPrice,
  type SubscriptionStatus,
  statusLabel,
  USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS,
} from "../../../../shared/subscriptions.ts";
import {
  type UserSubscriptionRow,
  useCancelSubscription,
  useUserSubscription,
  useUserSubscriptions,
} from "../api/user-subscriptions.ts";

const PAGE_SIZE = 25;
/** A checkout whose payment never completed: the subscription never ran. */
const NOT_STARTED = "Never started (payment not completed)";
/** Spec badge styles; 'replaced' (decision 028) is a plain end, not a failure. */
const VARIANT = {
  active: "success",
  pending: "outline",
  cancelled: "destructive",
  expired: "destructive",
  replaced: "secondary",
} as const satisfies Record<SubscriptionStatus, string>;
const REPLACED_NOTE = "Ended when the student activated another plan.";

function useDebouncedValue(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function DetailsDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
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
                <Badge variant={VARIANT[d.status]}>{statusLabel(d.status)}</Badge>
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
              notify.error(
                "Error cancelling subscription",
                error instanceof Error ? error.message : undefined,
              );
            }
            setConfirming(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

export function UserSubscriptionsPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<string | null>(null);
  const debounced = useDebouncedValue(search.trim(), USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS);
  const list = useUserSubscriptions({ search: debounced || undefined, page, pageSize: PAGE_SIZE });
  useEffect(() => {
    if (list.isError) notify.error("Error fetching user subscriptions", list.error.message);
  }, [list.isError, list.error]);

  const endLabel = (s: UserSubscriptionRow) =>
    s.status === "active" && !s.endDate ? "Lifetime" : formatDate(s.endDate);
  const details = (s: UserSubscriptionRow, className?: string) => (
    <Button
      variant="outline"
      className={className}
      aria-label={`Details for ${s.profile.fullName ?? s.profile.email}`}
      onClick={() => setViewing(s.id)}
    >
      Details
    </Button>
  );

  // Phones get one card per subscription (every column and the action in view); wider screens
  // the table.
  const card = (s: UserSubscriptionRow) => (
    <li key={s.id} className="grid gap-2 rounded-lg border border-border bg-background p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-words font-medium">{s.profile.fullName ?? "—"}</span>
        <Badge variant={VARIANT[s.status]}>{statusLabel(s.status)}</Badge>
      </div>
      <p className="break-all text-sm text-muted-foreground">{s.profile.email}</p>
      <p className="text-sm">
        <span className="font-medium">{s.plan?.name ?? s.planName}</span> ·{" "}
        {s.startDate ? `${formatDate(s.startDate)} – ${endLabel(s)}` : NOT_STARTED}
      </p>
      {details(s, "h-11")}
    </li>
  );

  const row = (s: UserSubscriptionRow) => (
    <TableRow key={s.id}>
      <TableCell className="font-medium">{s.profile.fullName ?? "—"}</TableCell>
      <TableCell>{s.profile.email}</TableCell>
      <TableCell>{s.plan?.name ?? s.planName}</TableCell>
      <TableCell>
        <Badge variant={VARIANT[s.status]}>{statusLabel(s.status)}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(s.startDate)}</TableCell>
      <TableCell className="whitespace-nowrap">{endLabel(s)}</TableCell>
      <TableCell className="text-right">{details(s)}</TableCell>
    </TableRow>
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-5 px-4 py-6">
      <PageHeader
        title="User Subscriptions"
        backTo="/admin/dashboard"
        actions={
          <Button
            variant="outline"
            className="h-11"
            onClick={() => void list.refetch()}
            disabled={list.isFetching}
          >
            <RefreshCw aria-hidden="true" /> Refresh
          </Button>
        }
      />
      <div>
        <Label htmlFor="subscription-search" className="sr-only">
          Search by name or email
        </Label>
        <Input
          id="subscription-search"
          type="search"
          className="h-11"
          placeholder="Search by name or email..."
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading subscriptions..." />
      ) : list.isError && !list.data ? (
        <ErrorState
          title="Error fetching user subscriptions"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data?.items.length === 0 ? (
        <EmptyState
          title="No subscriptions found."
          description={
            debounced
              ? "Try adjusting your search."
              : "Subscriptions appear here once students subscribe."
          }
        />
      ) : list.data ? (
        <>
          <ul className="grid gap-3 sm:hidden">{list.data.items.map(card)}</ul>
          <div className="hidden sm:block">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Plan</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Start Date</TableHead>
                  <TableHead>End Date</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>{list.data.items.map(row)}</TableBody>
            </Table>
          </div>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPageChange={setPage}
          />
        </>
      ) : null}
      <DetailsDialog id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
