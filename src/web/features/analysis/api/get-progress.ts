import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { readerTimeZone } from "@web/lib/time-zone.ts";
import type { StudentProgress } from "../../../../shared/analysis.ts";

/** My Progress, counted in the browser's time zone (days of answers). */
export function getStudentProgress(): Promise<StudentProgress> {
  const tz = readerTimeZone();
  return unwrap(api.student.progress.$get({ query: { tz } }));
}

export const progressQueryOptions = queryOptions({
  queryKey: queryKeys.analysis.progress,
  queryFn: getStudentProgress,
});

export function useStudentProgress() {
  return useQuery(progressQueryOptions);
}
