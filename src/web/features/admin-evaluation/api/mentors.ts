import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** Mentors with their load, evaluations, average turnaround and rating (decision 042). */
export const adminMentorsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.evaluationAdmin.mentors.list(filter), api.admin.mentors, filter, {
    meta: { errorToast: { title: msg("Error loading mentors") } },
  });
export type AdminMentor = PageRow<typeof adminMentorsQueryOptions>;

/** Every mentor (a page of 100) for the reassign dialog's select. */
export const mentorOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.evaluationAdmin.mentors.options,
  queryFn: () => unwrap(api.admin.mentors.$get({ query: { page: "1", pageSize: "100" } })),
  meta: { errorToast: { title: msg("Error loading mentors") } },
});

/** A role change also moves copies (a demoted mentor's go back to the queue). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.evaluationAdmin.all });
}

export function usePromoteMentor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (email: string) => unwrap(api.admin.mentors.$post({ json: { email } })),
    onSuccess: refresh,
  });
}

export function useInviteMentor() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.admin.mentors.invitations.$post({ json: { email } })),
  });
}

export function useDemoteMentor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.mentors[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
