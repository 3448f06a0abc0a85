import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export type QueueFilter = { page: number; pageSize: number; paper?: string; subjectId?: string };

/** Copies waiting for a mentor, oldest first, with the seconds left against the turnaround. */
export const mentorQueueQueryOptions = (filter: QueueFilter) =>
  pagedListQuery(queryKeys.mentor.queue(filter), api.mentor.queue, filter, {
    meta: { errorToast: { title: msg("Error loading the queue") } },
  });
export type QueueCopy = PageRow<typeof mentorQueueQueryOptions>;

/**
 * Claims a copy: of mentors claiming at once exactly one wins, the others get a 409. Either way
 * the queue and the desk are refreshed; the winner's copy is put in the cache for its page.
 */
export function useClaimCopy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (copyId: string) =>
      unwrap(api.mentor.copies[":id"].claim.$post({ param: { id: copyId } })),
    onSuccess: (copy) => queryClient.setQueryData(queryKeys.mentor.copy(copy.id), copy),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mentor.all }),
  });
}
