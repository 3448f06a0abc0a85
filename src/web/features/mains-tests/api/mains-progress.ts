import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The student's Mains tests with published results, oldest first, and each series' trend. */
export const mainsProgressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mainsTests.progress(),
    queryFn: () => unwrap(api["mains-tests"].progress.$get()),
    meta: { errorToast: { title: msg("Error fetching data") } },
  });

export function useMainsProgress() {
  return useQuery(mainsProgressQueryOptions());
}
export type MainsProgress = NonNullable<ReturnType<typeof useMainsProgress>["data"]>;
export type MainsProgressSeries = MainsProgress["series"][number];
