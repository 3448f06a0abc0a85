import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { OnboardingState } from "../../../../shared/onboarding.ts";
import type { TargetExamInput } from "../../../../shared/onboarding-schemas.ts";

export const onboardingQueryOptions = queryOptions({
  queryKey: queryKeys.onboarding,
  queryFn: () => unwrap(api.onboarding.$get()),
});

export function useOnboarding() {
  return useQuery(onboardingQueryOptions);
}

/** Each step saves as the student moves on; the cached state follows the server's answer. */
export function useOnboardingSteps() {
  const queryClient = useQueryClient();
  const keep = (state: OnboardingState) => queryClient.setQueryData(queryKeys.onboarding, state);
  return {
    saveTarget: useMutation({
      mutationFn: (input: TargetExamInput) => unwrap(api.onboarding.target.$put({ json: input })),
      onSuccess: keep,
    }),
    /** The daily goal goes through the streak bar's own route. */
    saveGoal: useMutation({
      mutationFn: (hours: number) => unwrap(api.home["study-goal"].$put({ json: { hours } })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.home.studyStreak }),
    }),
    complete: useMutation({
      mutationFn: () => unwrap(api.onboarding.complete.$post()),
      onSuccess: keep,
    }),
    skip: useMutation({
      mutationFn: () => unwrap(api.onboarding.skip.$post()),
      onSuccess: keep,
    }),
  };
}
