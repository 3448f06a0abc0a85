import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

export const adminSettingsQueryOptions = queryOptions({
  queryKey: ["settings", "admin"],
  queryFn: () => unwrap(api.settings.$get()),
  staleTime: 0,
});

export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions);
}
