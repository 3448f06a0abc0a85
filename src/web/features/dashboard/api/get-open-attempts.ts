import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** The student's exams in progress (the same list the home page offers to resume). */
export const openAttemptsQueryOptions = queryOptions({
  queryKey: queryKeys.home.resume,
  queryFn: () => unwrap(api.home.resume.$get()),
});

export const useOpenAttempts = () => useQuery(openAttemptsQueryOptions);
