import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { NEWS_PAGE_SIZE } from "../../../../shared/news-constants.ts";

export const newsListQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.news.list(page),
    queryFn: () =>
      unwrap(api.news.$get({ query: { page: String(page), pageSize: String(NEWS_PAGE_SIZE) } })),
    placeholderData: keepPreviousData,
  });

export function useNewsList(page: number) {
  return useQuery(newsListQueryOptions(page));
}
