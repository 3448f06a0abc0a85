import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { readerTimeZone } from "@web/lib/time-zone.ts";

export const studyStreakQueryOptions = queryOptions({
  queryKey: queryKeys.home.studyStreak,
  queryFn: () => unwrap(api.home["study-streak"].$get({ query: { tz: readerTimeZone() } })),
});

export function useStudyStreak(enabled: boolean) {
  return useQuery({ ...studyStreakQueryOptions, enabled });
}

export function useUpdateStudyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) => unwrap(api.home["study-goal"].$put({ json: { hours } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.home.studyStreak }),
  });
}
