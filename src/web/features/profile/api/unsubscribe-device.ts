import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { currentSubscription } from "../lib/web-push.ts";

/** "Turn off on this device": the browser's subscription ends, and ours is deleted. */
export function useUnsubscribeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return null;
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      return unwrap(api.notifications.subscriptions.$delete({ json: { endpoint } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.settings }),
  });
}
