import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { LiveTestInput } from "../../../../shared/live-test-schemas.ts";

/** /admin/live-tests (decision 047): the exams scheduled as All-India live tests. */
export const adminLiveTestsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.liveTests.list(filter), api.admin["live-tests"], filter, {
    meta: { errorToast: { title: msg("Error loading live tests") } },
  });
export type AdminLiveTestRow = PageRow<typeof adminLiveTestsQueryOptions>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.liveTests.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.liveTests.all }),
    ]);
}

export function useSaveLiveTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: LiveTestInput }) =>
      id
        ? unwrap(api.admin["live-tests"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin["live-tests"].$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteLiveTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin["live-tests"][":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
