import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { readerTimeZone } from "@web/lib/time-zone.ts";

/**
 * The dashboard's figures in one request: today's quiz, study and streak, the last test, the
 * plan's limits and the tests in progress. Read afresh on every visit (staleTime 0): the page
 * is where a student comes back to after a test.
 */
export const dashboardQueryOptions = queryOptions({
  queryKey: queryKeys.home.dashboard,
  queryFn: () => unwrap(api.home.dashboard.$get({ query: { tz: readerTimeZone() } })),
  staleTime: 0,
});

export const useDashboard = () => useQuery(dashboardQueryOptions);

export type Dashboard = NonNullable<ReturnType<typeof useDashboard>["data"]>;
