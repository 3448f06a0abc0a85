import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { pageQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

const route = api.admin["mains-tests"][":id"];
const ERROR_TOAST = { errorToast: { title: msg("Error loading the results") } };

const fetchResults = (testId: string, filter: ListFilter) =>
  unwrap(route.results.$get({ param: { id: testId }, query: pageQuery(filter) }));

/** A page of the test's booklets, best total first (decision 063), searched by name or email. */
export const adminMainsResultsQueryOptions = (testId: string) => (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.adminResultsPage(testId, filter),
    queryFn: () => fetchResults(testId, filter),
    placeholderData: keepPreviousData,
    meta: ERROR_TOAST,
  });
export type AdminMainsResults = Awaited<ReturnType<typeof fetchResults>>;
export type AdminMainsBooklet = AdminMainsResults["items"][number];

/** The test, its counts and whether it can be published now: the desk's head. */
export function useAdminMainsSummary(testId: string) {
  return useQuery({
    queryKey: queryKeys.mainsTests.adminResults(testId),
    queryFn: () => fetchResults(testId, { page: 1, pageSize: 1 }),
    meta: ERROR_TOAST,
  });
}

function useRefreshResults(testId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.adminResults(testId) });
}

export function usePublishMainsResults(testId: string) {
  const refresh = useRefreshResults(testId);
  return useMutation({
    mutationFn: () => unwrap(route.results.publish.$post({ param: { id: testId } })),
    onSuccess: refresh,
  });
}

export function useSetMainsResultsTime(testId: string) {
  const refresh = useRefreshResults(testId);
  return useMutation({
    mutationFn: (resultsAt: string | null) =>
      unwrap(route["results-time"].$put({ param: { id: testId }, json: { resultsAt } })),
    onSuccess: refresh,
  });
}
