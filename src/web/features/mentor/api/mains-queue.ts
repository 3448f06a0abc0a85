import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ClaimMarkingInput } from "../../../../shared/mains-marking-schemas.ts";

/** Mains tests with work waiting for this mentor: counts per round and question, what they hold. */
export const mainsQueueQueryOptions = queryOptions({
  queryKey: queryKeys.mainsTests.mentorQueue(),
  queryFn: () => unwrap(api.mentor.mains.queue.$get()),
  meta: { errorToast: { title: msg("Error loading the Mains tests") } },
});
export type MainsQueue = Awaited<ReturnType<NonNullable<typeof mainsQueueQueryOptions.queryFn>>>;
export type MainsQueueTest = MainsQueue["tests"][number];
export function useMainsQueue() {
  return useQuery(mainsQueueQueryOptions);
}

/** The mentor's held work, by booklet or by question. */
export const mainsHeldQueryOptions = queryOptions({
  queryKey: queryKeys.mainsTests.mentorHeld(),
  queryFn: () => unwrap(api.mentor.mains.work.$get()),
  meta: { errorToast: { title: msg("Error loading your work") } },
});
export type MainsWorkGroup = Awaited<
  ReturnType<NonNullable<typeof mainsHeldQueryOptions.queryFn>>
>["groups"][number];
export function useMainsHeld() {
  return useQuery(mainsHeldQueryOptions);
}

/**
 * Claims a test's work for a round (a whole booklet in booklet mode, else up to ten answers);
 * the queue and the held work are refreshed either way.
 */
export function useClaimMarking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ testId, ...json }: ClaimMarkingInput & { testId: string }) =>
      unwrap(api.mentor.mains.tests[":testId"].claim.$post({ param: { testId }, json })),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.mentorQueue() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.mentorHeld() }),
      ]);
    },
  });
}
