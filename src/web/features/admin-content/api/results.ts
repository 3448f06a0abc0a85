import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

export const adminResultsQueryOptions = (filter: {
  search?: string;
  page: number;
  pageSize: number;
}) =>
  queryOptions({
    queryKey: ["admin", "results", filter],
    queryFn: () =>
      unwrap(
        api.admin.results.$get({
          query: {
            page: String(filter.page),
            pageSize: String(filter.pageSize),
            ...(filter.search ? { search: filter.search } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useAdminResults(filter: { search?: string; page: number; pageSize: number }) {
  return useQuery(adminResultsQueryOptions(filter));
}
export type AdminResult = NonNullable<ReturnType<typeof useAdminResults>["data"]>["items"][number];

export function useAdminAttempt(attemptId: string | null) {
  return useQuery({
    queryKey: ["admin", "results", "detail", attemptId],
    queryFn: () => unwrap(api.admin.results[":id"].$get({ param: { id: attemptId ?? "" } })),
    enabled: Boolean(attemptId),
  });
}
