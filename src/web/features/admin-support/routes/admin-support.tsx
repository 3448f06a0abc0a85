import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { TicketStatusBadge } from "@web/components/support/ticket-status-badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { msg } from "../../../../shared/i18n/msg.ts";
import { TICKET_STATUSES, type TicketStatus } from "../../../../shared/support.ts";
import { adminTicketsQueryOptions } from "../api/support.ts";
import { TicketDialog } from "../components/ticket-dialog.tsx";

const STATUS_LABELS = {
  open: msg("Open"),
  answered: msg("Answered"),
  closed: msg("Closed"),
} as const;

/** /admin/support: the requests from the support form, answered by email from here. */
export function AdminSupportPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TicketStatus | "">("open");
  return (
    <ResourceList
      title={t("Support Requests")}
      description={t("Answer a request here: the answer is mailed to the person who asked.")}
      actions={() => (
        <Button asChild variant="outline">
          <Link to="/admin/feedback">{t("Feedback")}</Link>
        </Button>
      )}
      search={{
        id: "ticket-search",
        label: t("Search requests"),
        placeholder: t("Search by subject, name or email..."),
      }}
      filters={
        <div>
          <Label htmlFor="ticket-status" className="sr-only">
            {t("Status")}
          </Label>
          <Select
            id="ticket-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as TicketStatus | "")}
          >
            <option value="">{t("All requests")}</option>
            {TICKET_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABELS[value])}
              </option>
            ))}
          </Select>
        </div>
      }
      filterKey={status}
      query={adminTicketsQueryOptions(status)}
      loadingLabel={t("Loading support requests...")}
      errorTitle={t("Error loading support requests")}
      empty={{
        title: t("No support requests."),
        filtered: t("No request matches these filters."),
      }}
      columns={[
        {
          header: t("Subject"),
          className: "min-w-48",
          cell: (ticket) => <span className="font-medium">{ticket.subject}</span>,
        },
        {
          header: t("From"),
          cell: (ticket) => (
            <span className="grid">
              <span>{ticket.name}</span>
              <span className="break-all text-xs text-muted-foreground">{ticket.email}</span>
            </span>
          ),
        },
        { header: t("Status"), cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
        {
          header: t("Received"),
          className: "whitespace-nowrap",
          cell: (ticket) => formatDateTime(ticket.createdAt),
        },
      ]}
      rowActions={(ticket, handlers) => (
        <Button variant="outline" size="sm" onClick={() => handlers.edit(ticket)}>
          {ticket.status === "closed" ? t("View") : t("Answer")}{" "}
          <span className="sr-only">{ticket.subject}</span>
        </Button>
      )}
      form={(form) => (
        <TicketDialog open={form.open} onOpenChange={form.onOpenChange} ticket={form.row} />
      )}
    />
  );
}
