import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const adminSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings.admin,
  queryFn: () => unwrap(api.settings.$get()),
  staleTime: 0,
  meta: { errorToast: { title: msg("Error Fetching Settings") } },
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}
