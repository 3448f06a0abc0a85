import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { PlanInput } from "../../../../shared/subscriptions.ts";

export const adminPlansQueryOptions = queryOptions({
  queryKey: ["admin", "plans"],
  queryFn: () => unwrap(api.admin["subscription-plans"].$get()),
});
export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions);
}
export type AdminPlan = NonNullable<ReturnType<typeof useAdminPlans>["data"]>[number];

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PlanInput }) =>
      id
        ? unwrap(api.admin["subscription-plans"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin["subscription-plans"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlansQueryOptions.queryKey }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin["subscription-plans"][":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPlansQueryOptions.queryKey }),
  });
}
