import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The student's reminder switches and how many of their devices get push. */
export const notificationSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.notifications.settings,
  queryFn: () => unwrap(api.notifications.settings.$get()),
  meta: { errorToast: { title: msg("Could not load your notification settings.") } },
});

export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions);

export type NotificationSettings = NonNullable<ReturnType<typeof useNotificationSettings>["data"]>;
