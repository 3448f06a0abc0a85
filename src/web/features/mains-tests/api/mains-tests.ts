import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The student's Mains tests by series, each with where they stand (decision 063). */
export const mainsTestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mainsTests.list(),
    queryFn: () => unwrap(api["mains-tests"].$get()),
    meta: { errorToast: { title: msg("Error loading Mains tests") } },
  });

export function useMainsTests() {
  return useQuery(mainsTestsQueryOptions());
}
export type MainsTestList = NonNullable<ReturnType<typeof useMainsTests>["data"]>;
export type MainsSeriesGroup = MainsTestList["series"][number];
export type StudentMainsTest = MainsSeriesGroup["tests"][number];

/** "Add to calendar": a series' schedule as an .ics file. */
export const seriesCalendarPath = (seriesId: string) =>
  `/api/mains-series/${seriesId}/calendar.ics`;
