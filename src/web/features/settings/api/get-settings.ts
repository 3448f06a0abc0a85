import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

const fetchAdminSettings = () => unwrap(api.settings.$get());
export type AdminSettings = Awaited<ReturnType<typeof fetchAdminSettings>>;

export const adminSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings.admin,
  queryFn: fetchAdminSettings,
  staleTime: 0,
  meta: { errorToast: { title: msg("Error Fetching Settings") } },
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}
