import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";

/** The student's exams in progress (the same list the home page offers to resume). */
export const openAttemptsQueryOptions = queryOptions({
  queryKey: ["home", "resume"],
  queryFn: () => unwrap(api.home.resume.$get()),
});

export const useOpenAttempts = () => useQuery(openAttemptsQueryOptions);
