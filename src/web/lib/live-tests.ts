import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

/**
 * Every live test to come, under way or lately published (decision 047), with where the signed-in
 * student stands at each (`me`): the student dashboard's cards (components/live-tests). Served
 * from the server's per-instance cache; kept 30 s here, and asked again after a registration or
 * a live attempt (they invalidate `queryKeys.liveTests.all`).
 */
export const liveTestsQueryOptions = queryOptions({
  queryKey: queryKeys.liveTests.list(),
  queryFn: () => unwrap(api["live-tests"].$get()),
  staleTime: 30_000,
});
export type LiveTestList = Awaited<ReturnType<NonNullable<typeof liveTestsQueryOptions.queryFn>>>;
export type LiveTestListItem = LiveTestList["items"][number];
