import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** A paper's key-change log (an exam's, a live test's or a quiz's id). */
export const keyChangeLogQueryOptions = (paperId: string) =>
  queryOptions({
    queryKey: queryKeys.keyChanges.log(paperId),
    queryFn: () => unwrap(api.exams[":id"]["key-changes"].$get({ param: { id: paperId } })),
    retry: false,
  });

export function useKeyChangeLog(paperId: string) {
  return useQuery(keyChangeLogQueryOptions(paperId));
}
