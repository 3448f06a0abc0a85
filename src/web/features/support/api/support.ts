import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pageQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { FeedbackInput, SupportTicketInput } from "../../../../shared/support.ts";

export const MY_TICKETS_PAGE_SIZE = 10;

/** The signed-in user's own requests with their answers, a page at a time. */
export const myTicketsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.support.mine(page),
    queryFn: () =>
      unwrap(
        api.support.tickets.$get({ query: pageQuery({ page, pageSize: MY_TICKETS_PAGE_SIZE }) }),
      ),
    placeholderData: keepPreviousData,
  });

export function useSendTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SupportTicketInput) => unwrap(api.support.tickets.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.support.all }),
  });
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => unwrap(api.support.feedback.$post({ json: input })),
  });
}
