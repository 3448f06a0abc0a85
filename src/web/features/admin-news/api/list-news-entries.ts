import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { DEFAULT_PAGE_SIZE } from "../../../../shared/pagination.ts";

/** Every cache entry under ["news"] is refreshed after an admin changes an entry. */
export const newsQueryKey = ["news"] as const;

export const newsEntriesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...newsQueryKey, "admin", page],
    queryFn: () =>
      unwrap(api.news.$get({ query: { page: String(page), pageSize: String(DEFAULT_PAGE_SIZE) } })),
    placeholderData: keepPreviousData,
  });

export function useNewsEntries(page: number) {
  return useQuery(newsEntriesQueryOptions(page));
}

export type NewsEntrySummary = NonNullable<
  ReturnType<typeof useNewsEntries>["data"]
>["items"][number];
