import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { LegalSlug } from "../../../../shared/legal.ts";

export const legalPageQueryOptions = (slug: LegalSlug) =>
  queryOptions({
    queryKey: queryKeys.legal.page(slug),
    queryFn: () => unwrap(api.legal.pages[":slug"].$get({ param: { slug } })),
    retry: false,
  });

export function useLegalPage(slug: LegalSlug) {
  return useQuery(legalPageQueryOptions(slug));
}
