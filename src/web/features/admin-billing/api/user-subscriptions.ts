import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

type Filter = { search?: string; page: number; pageSize: number };

export const userSubscriptionsQueryOptions = (filter: Filter) =>
  queryOptions({
    queryKey: ["admin", "user-subscriptions", filter],
    queryFn: () =>
      unwrap(
        api.admin["user-subscriptions"].$get({
          query: {
            page: String(filter.page),
            pageSize: String(filter.pageSize),
            ...(filter.search ? { search: filter.search } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
export function useUserSubscriptions(filter: Filter) {
  return useQuery(userSubscriptionsQueryOptions(filter));
}
export type UserSubscriptionRow = NonNullable<
  ReturnType<typeof useUserSubscriptions>["data"]
>["items"][number];

export function useUserSubscription(id: string | null) {
  return useQuery({
    queryKey: ["admin", "user-subscriptions", "detail", id],
    queryFn: () => unwrap(api.admin["user-subscriptions"][":id"].$get({ param: { id: id ?? "" } })),
    enabled: Boolean(id),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.admin["user-subscriptions"][":id"].cancel.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "user-subscriptions"] }),
  });
}
