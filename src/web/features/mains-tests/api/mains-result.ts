import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type {
  MainsSharingInput,
  ReevaluationRequest,
} from "../../../../shared/mains-results-schemas.ts";

const route = api["mains-tests"][":id"];

/** The student's result of one Mains test (decision 063): sealed until publication. */
export const mainsResultQueryOptions = (testId: string) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.result(testId),
    queryFn: () => unwrap(route.result.$get({ param: { id: testId } })),
    meta: { errorToast: { title: msg("Error fetching data") } },
  });

export function useMainsResult(testId: string) {
  return useQuery(mainsResultQueryOptions(testId));
}
export type MainsResultData = NonNullable<ReturnType<typeof useMainsResult>["data"]>;
export type MainsResult = NonNullable<MainsResultData["result"]>;
export type MainsResultQuestion = MainsResult["questions"][number];
export type MainsAnswerCopy = NonNullable<MainsResultQuestion["copy"]>;

/** The consent to show this booklet's answers as a topper's copy (and the name with them). */
export function useSaveSharing(testId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MainsSharingInput) =>
      unwrap(route.sharing.$put({ param: { id: testId }, json: input })),
    onSuccess: (sharing) =>
      queryClient.setQueryData(
        queryKeys.mainsTests.result(testId),
        (data: MainsResultData | undefined) => data && { ...data, sharing },
      ),
  });
}

/** Asks for re-evaluation of the chosen answers; the result is read again with its new state. */
export function useRequestReevaluation(testId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReevaluationRequest) =>
      unwrap(route.reevaluation.$post({ param: { id: testId }, json: input })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.result(testId) }),
  });
}
