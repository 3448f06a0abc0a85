import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { ResultKind } from "../../../../shared/my-results.ts";

export type MyResultsFilter = { kind?: ResultKind; page: number };

/** My Results: completed exams and quizzes, newest first, a page at a time. */
export const myResultsQueryOptions = (filter: MyResultsFilter) =>
  queryOptions({
    queryKey: queryKeys.results.mine(filter),
    queryFn: () =>
      unwrap(
        api.results.$get({
          query: { page: String(filter.page), ...(filter.kind ? { kind: filter.kind } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useMyResults(filter: MyResultsFilter) {
  return useQuery(myResultsQueryOptions(filter));
}

export type MyResult = NonNullable<ReturnType<typeof useMyResults>["data"]>["items"][number];
