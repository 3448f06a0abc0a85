import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { NotificationPreferences } from "../../../../shared/notifications.ts";
import type { NotificationSettings } from "./get-notification-settings.ts";

/** Saves every switch at once; the switch moves at once and moves back if the server refuses. */
export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications.settings;
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      unwrap(api.notifications.preferences.$put({ json: preferences })),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData<NotificationSettings>(key, { ...before, preferences });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
