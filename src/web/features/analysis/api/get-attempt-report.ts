import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { AttemptReport } from "../../../../shared/analysis.ts";

/** The diagnostic report of a completed attempt (its owner's, or any for an admin). */
export function getAttemptReport(attemptId: string): Promise<AttemptReport> {
  return unwrap(api.attempts[":attemptId"].analysis.$get({ param: { attemptId } }));
}

export const attemptReportQueryOptions = (attemptId: string) =>
  queryOptions({
    queryKey: queryKeys.analysis.attempt(attemptId),
    queryFn: () => getAttemptReport(attemptId),
  });

export function useAttemptReport(attemptId: string) {
  return useQuery(attemptReportQueryOptions(attemptId));
}
