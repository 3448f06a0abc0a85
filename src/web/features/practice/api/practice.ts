import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { PracticeRequestInput } from "../../../../shared/practice.ts";

/** The builder's choices: subjects and topics, previous-year years, this month's allowance. */
export const practiceOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.practice.options,
  queryFn: () => unwrap(api.practice.options.$get()),
});

export function usePracticeOptions() {
  return useQuery(practiceOptionsQueryOptions);
}
export type PracticeOptions = NonNullable<ReturnType<typeof usePracticeOptions>["data"]>;

/** The student's practice tests, newest first, with the latest attempt of each. */
export function useMyPractice() {
  return useQuery({
    queryKey: queryKeys.practice.mine,
    queryFn: () => unwrap(api.practice.$get()),
  });
}
export type MyPracticeTest = NonNullable<ReturnType<typeof useMyPractice>["data"]>["items"][number];

/** Builds a practice test on the server; the answer names it (and what the draw left out). */
export function buildPractice(request: PracticeRequestInput) {
  return unwrap(api.practice.$post({ json: request }));
}
