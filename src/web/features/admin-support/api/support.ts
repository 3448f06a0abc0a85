import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { TicketAnswerInput, TicketStatus } from "../../../../shared/support.ts";

/** Every request, newest first, by status and searched by subject, name or email. */
export const adminTicketsQueryOptions = (status: TicketStatus | "") => (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.admin.support.tickets(filter, status),
    api.admin.support.tickets,
    { ...filter, status: status || undefined },
    { meta: { errorToast: { title: msg("Error loading support requests") } } },
  );
export type AdminTicket = PageRow<ReturnType<typeof adminTicketsQueryOptions>>;

export const adminFeedbackQueryOptions = (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.admin.support.feedback(filter),
    api.admin.support.feedback,
    { page: filter.page, pageSize: filter.pageSize },
    { meta: { errorToast: { title: msg("Error loading feedback") } } },
  );

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.support.all });
}

export function useAnswerTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TicketAnswerInput }) =>
      unwrap(api.admin.support.tickets[":id"].answer.$post({ param: { id }, json: input })),
    onSuccess: refresh,
  });
}

export function useCloseTicket() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin.support.tickets[":id"].close.$post({ param: { id } })),
    onSuccess: refresh,
  });
}
