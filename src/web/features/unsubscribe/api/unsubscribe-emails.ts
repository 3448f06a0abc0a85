import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** Turns the link's reminder emails off (the same request mail apps make with one click). */
export function useUnsubscribeEmails(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.notifications.unsubscribe.$post({ query: { token } })),
    onSuccess: (state) =>
      queryClient.setQueryData(queryKeys.notifications.unsubscribe(token), state),
  });
}
