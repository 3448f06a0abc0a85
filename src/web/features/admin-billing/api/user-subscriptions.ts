import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const userSubscriptionsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.admin.userSubscriptions.list(filter),
    api.admin["user-subscriptions"],
    filter,
    { meta: { errorToast: { title: msg("Error fetching user subscriptions") } } },
  );
export type UserSubscriptionRow = PageRow<typeof userSubscriptionsQueryOptions>;

export function useUserSubscription(id: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.userSubscriptions.detail(id),
    queryFn: () => unwrap(api.admin["user-subscriptions"][":id"].$get({ param: { id: id ?? "" } })),
    enabled: Boolean(id),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin["user-subscriptions"][":id"].cancel.$post({ param: { id } })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.userSubscriptions.all }),
  });
}
