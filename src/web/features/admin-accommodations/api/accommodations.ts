import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { ExtraTime } from "../../../../shared/accommodations.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** Extra-time requests, those under review first (decision 048). */
export const adminAccommodationsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.accommodations.list(filter), api.admin.accommodations, filter, {
    meta: { errorToast: { title: msg("Error loading accommodation requests") } },
  });
export type AdminAccommodation = PageRow<typeof adminAccommodationsQueryOptions>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.accommodations.admin });
}

const request = api.admin.accommodations[":id"];

export function useApproveAccommodation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, grant }: { id: string; grant: ExtraTime }) =>
      unwrap(request.approve.$post({ param: { id }, json: grant })),
    onSuccess: refresh,
  });
}

export function useRejectAccommodation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(request.reject.$post({ param: { id }, json: { reason } })),
    onSuccess: refresh,
  });
}

export function useRevokeAccommodation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      unwrap(request.revoke.$post({ param: { id }, json: { reason } })),
    onSuccess: refresh,
  });
}

/** Sets extra time on a student's account by email (certificate checked offline). */
export function useGrantAccommodation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ExtraTime & { email: string }) =>
      unwrap(api.admin.accommodations.$post({ json: input })),
    onSuccess: refresh,
  });
}
