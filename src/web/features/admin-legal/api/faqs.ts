import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { FaqInput } from "../../../../shared/legal-schemas.ts";

export const adminFaqsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.faqs.list(filter), api.admin.legal.faqs, filter, {
    meta: { errorToast: { title: msg("Error loading FAQs") } },
  });
export type AdminFaq = PageRow<typeof adminFaqsQueryOptions>;

/** The admin's lists and the public page both refresh after a change. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.faqs.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.legal.all }),
    ]);
}

export function useSaveFaq() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: FaqInput }) =>
      id
        ? unwrap(api.admin.legal.faqs[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.legal.faqs.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useDeleteFaq() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.legal.faqs[":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
