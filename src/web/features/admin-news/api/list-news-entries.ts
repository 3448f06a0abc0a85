import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";

/** The admin's list of entries, newest first, a page at a time. */
export const newsEntriesQueryOptions = (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.news.adminList(filter.page),
    queryFn: () =>
      unwrap(
        api.news.$get({
          query: { page: String(filter.page), pageSize: String(filter.pageSize) },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: "Error Fetching News Entries" } },
  });
