import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** Whether the reminder emails of the link's account are still on (the token is checked). */
export const unsubscribeStateQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.notifications.unsubscribe(token),
    queryFn: () => unwrap(api.notifications.unsubscribe.$get({ query: { token } })),
    retry: false,
  });

export const useUnsubscribeState = (token: string) =>
  useQuery({ ...unsubscribeStateQueryOptions(token), enabled: token !== "" });
