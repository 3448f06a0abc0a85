import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const newsEntryQueryOptions = (newsId: string) =>
  queryOptions({
    queryKey: queryKeys.news.adminEntry(newsId),
    queryFn: () => unwrap(api.news[":newsId"].$get({ param: { newsId } })),
    staleTime: 0,
  });

export function useNewsEntry(newsId: string | null) {
  return useQuery({ ...newsEntryQueryOptions(newsId ?? ""), enabled: Boolean(newsId) });
}
