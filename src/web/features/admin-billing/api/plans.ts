import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { PlanInput } from "../../../../shared/subscriptions.ts";

const fetchPlans = () => unwrap(api.admin["subscription-plans"].$get());
export type AdminPlan = Awaited<ReturnType<typeof fetchPlans>>[number];

export const adminPlansQueryOptions = (filter: ListFilter) =>
  queryOptions({ queryKey: queryKeys.admin.plans.list(filter), queryFn: fetchPlans });

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
