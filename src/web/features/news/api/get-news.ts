import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const newsArticleQueryOptions = (newsId: string) =>
  queryOptions({
    queryKey: queryKeys.news.article(newsId),
    queryFn: () => unwrap(api.news[":newsId"].$get({ param: { newsId } })),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export function useNewsArticle(newsId: string) {
  return useQuery(newsArticleQueryOptions(newsId));
}
