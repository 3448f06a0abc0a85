import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";

export const adminResultsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.results.list(filter), api.admin.results, filter);
export type AdminResult = PageRow<typeof adminResultsQueryOptions>;

export function useAdminAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.results.detail(attemptId),
    queryFn: () => unwrap(api.admin.results[":id"].$get({ param: { id: attemptId ?? "" } })),
    enabled: Boolean(attemptId),
  });
}
