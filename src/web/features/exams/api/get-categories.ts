import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const categoryOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.categoryOptions,
  queryFn: () => unwrap(api.categories.$get()),
  staleTime: 5 * 60_000,
});

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions);
}
