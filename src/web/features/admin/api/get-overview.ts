import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const adminOverviewQueryOptions = queryOptions({
  queryKey: queryKeys.admin.overview,
  queryFn: () => unwrap(api.admin.overview.$get()),
});

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
