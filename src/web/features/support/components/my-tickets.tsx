import { useQuery } from "@tanstack/react-query";
import { TicketStatusBadge } from "@web/components/support/ticket-status-badge.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { formatDateTime } from "@web/lib/format.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MY_TICKETS_PAGE_SIZE, myTicketsQueryOptions } from "../api/support.ts";

/** A signed-in user's requests, newest first, each with the team's answer once given. */
export function MyTickets() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const tickets = useQuery(myTicketsQueryOptions(page));
  return (
    <section aria-labelledby="my-requests" className="grid gap-3">
      <h2 id="my-requests" className="text-xl font-semibold">
        {t("Your requests")}
      </h2>
      <QueryContent
        query={tickets}
        loadingLabel={t("Loading your requests...")}
        errorTitle={t("Error loading your requests")}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="text-muted-foreground">{t("You have not sent any request yet.")}</p>}
      >
        {(data) => (
          <>
            <ul className="grid gap-3" aria-busy={tickets.isFetching}>
              {data.items.map((ticket) => (
                <li
                  key={ticket.id}
                  className="grid gap-2 rounded-lg border border-border bg-background p-4"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold">{ticket.subject}</h3>
                    <TicketStatusBadge status={ticket.status} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t("Sent {{date}}", { date: formatDateTime(ticket.createdAt) })}
                  </p>
                  <p className="whitespace-pre-line text-sm">{ticket.message}</p>
                  {ticket.answer ? (
                    <div className="grid gap-1 rounded-md bg-secondary p-3 text-sm text-secondary-foreground">
                      <p className="font-semibold">
                        {t("Our answer ({{date}})", {
                          date: formatDateTime(ticket.answeredAt),
                        })}
                      </p>
                      <p className="whitespace-pre-line">{ticket.answer}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={MY_TICKETS_PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
    </section>
  );
}
