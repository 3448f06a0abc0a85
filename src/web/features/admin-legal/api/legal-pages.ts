import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { PageRow } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { LegalSlug } from "../../../../shared/legal.ts";
import type { LegalPageInput } from "../../../../shared/legal-schemas.ts";

/** The five pages (always one page of five rows, so the list kit takes it as it is). */
export const adminLegalPagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.legalPages,
    queryFn: () => unwrap(api.admin.legal.pages.$get()),
    meta: { errorToast: { title: msg("Error loading pages") } },
  });
export type AdminLegalPage = PageRow<typeof adminLegalPagesQueryOptions>;

export function useSaveLegalPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, input }: { slug: LegalSlug; input: LegalPageInput }) =>
      unwrap(api.admin.legal.pages[":slug"].$put({ param: { slug }, json: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.legalPages }),
        queryClient.invalidateQueries({ queryKey: queryKeys.legal.all }),
      ]),
  });
}

/** The editor's images go where the news editor's go. */
export function uploadPageImage(file: File) {
  return unwrap(api.news.images.$post({ form: { file } }));
}
