import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { PlanInput } from "../../../../shared/subscriptions.ts";

/** The plans a page at a time (the screen has no search). */
export const adminPlansQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.plans.list(filter), api.admin["subscription-plans"], {
    page: filter.page,
    pageSize: filter.pageSize,
  });
export type AdminPlan = PageRow<typeof adminPlansQueryOptions>;

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PlanInput }) =>
      id
        ? unwrap(api.admin["subscription-plans"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin["subscription-plans"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.plans.all }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin["subscription-plans"][":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.plans.all }),
  });
}
