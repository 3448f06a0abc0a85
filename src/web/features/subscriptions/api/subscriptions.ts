import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

export const plansQueryOptions = queryOptions({
  queryKey: ["subscriptions", "plans"],
  queryFn: () => unwrap(api.subscriptions.plans.$get()),
});
export function usePlans() {
  return useQuery(plansQueryOptions);
}
export type Plan = NonNullable<ReturnType<typeof usePlans>["data"]>[number];

export const mySubscriptionQueryOptions = queryOptions({
  queryKey: ["subscriptions", "me"],
  queryFn: () => unwrap(api.subscriptions.me.$get()),
});
export function useMySubscription() {
  return useQuery(mySubscriptionQueryOptions);
}

export const activateFreePlan = (planId: string) =>
  unwrap(api.subscriptions.free.$post({ json: { planId } }));
