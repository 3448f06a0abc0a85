import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { subscribeThisBrowser } from "../lib/web-push.ts";

/** "Turn on notifications on this device": permission, the browser's subscription, then ours. */
export function useSubscribeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await unwrap(api.notifications["vapid-public-key"].$get());
      const subscription = await subscribeThisBrowser(publicKey);
      return unwrap(
        api.notifications.subscriptions.$post({
          json: {
            endpoint: subscription.endpoint ?? "",
            keys: {
              p256dh: subscription.keys?.p256dh ?? "",
              auth: subscription.keys?.auth ?? "",
            },
          },
        }),
      );
    },
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.notifications.settings, settings),
  });
}
