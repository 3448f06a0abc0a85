import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const plansQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptions.plans,
  queryFn: () => unwrap(api.subscriptions.plans.$get()),
});
export function usePlans() {
  return useQuery(plansQueryOptions);
}
export type Plan = NonNullable<ReturnType<typeof usePlans>["data"]>[number];

export const mySubscriptionQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptions.mine,
  queryFn: () => unwrap(api.subscriptions.me.$get()),
});
export function useMySubscription() {
  return useQuery(mySubscriptionQueryOptions);
}

export const activateFreePlan = (planId: string) =>
  unwrap(api.subscriptions.free.$post({ json: { planId } }));
