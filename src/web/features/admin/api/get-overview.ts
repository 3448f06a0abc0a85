import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

export const adminOverviewQueryOptions = queryOptions({
  queryKey: ["admin", "overview"],
  queryFn: () => unwrap(api.admin.overview.$get()),
});

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions);
}
