import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type {
  MainsSeriesInput,
  MainsTestInput,
  MainsTestQuestionsInput,
} from "../../../../shared/mains-test-schemas.ts";

/** The admins' Mains tests and series (decision 063). */
const tests = api.admin["mains-tests"];
const series = api.admin["mains-series"];

export const adminMainsTestsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.mainsTests.adminListPage(filter), tests, filter, {
    meta: { errorToast: { title: msg("Error loading Mains tests") } },
  });
export type AdminMainsTestRow = PageRow<typeof adminMainsTestsQueryOptions>;

export const adminMainsTestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.adminTest(id),
    queryFn: () => unwrap(tests[":id"].$get({ param: { id } })),
  });
export function useAdminMainsTest(id: string) {
  return useQuery(adminMainsTestQueryOptions(id));
}
export type AdminMainsTest = NonNullable<ReturnType<typeof useAdminMainsTest>["data"]>;

/** Every series, for the test form's choice and the series list (an admin keeps a few). */
export const adminMainsSeriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mainsTests.adminSeries(),
    queryFn: () => unwrap(series.$get({ query: { page: "1", pageSize: "100" } })),
  });
export function useAdminMainsSeries() {
  return useQuery(adminMainsSeriesQueryOptions());
}
export type AdminMainsSeries = NonNullable<
  ReturnType<typeof useAdminMainsSeries>["data"]
>["items"][number];

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.all });
}

export function useSaveMainsTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string; input: MainsTestInput }) =>
      id
        ? { id: (await unwrap(tests[":id"].$put({ param: { id }, json: input }))).id }
        : unwrap(tests.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useSaveMainsPaper(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: MainsTestQuestionsInput) =>
      unwrap(tests[":id"].questions.$put({ param: { id }, json: input })),
    onSuccess: refresh,
  });
}

export function useSetMainsTestPublished(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (published: boolean) =>
      unwrap(tests[":id"].publication.$put({ param: { id }, json: { published } })),
    onSuccess: refresh,
  });
}

export function useDeleteMainsTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(tests[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}

export function useSaveMainsSeries() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: MainsSeriesInput }) =>
      id
        ? unwrap(series[":id"].$put({ param: { id }, json: input }))
        : unwrap(series.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteMainsSeries() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(series[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
