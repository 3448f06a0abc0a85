import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pageQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";

export const adminResultsQueryOptions = (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.results.list(filter),
    queryFn: () => unwrap(api.admin.results.$get({ query: pageQuery(filter) })),
    placeholderData: keepPreviousData,
  });

export type AdminResult = NonNullable<
  Awaited<ReturnType<NonNullable<ReturnType<typeof adminResultsQueryOptions>["queryFn"]>>>
>["items"][number];

export function useAdminAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: queryKeys.admin.results.detail(attemptId),
    queryFn: () => unwrap(api.admin.results[":id"].$get({ param: { id: attemptId ?? "" } })),
    enabled: Boolean(attemptId),
  });
}
