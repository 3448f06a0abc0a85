import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { MainsPaper } from "../../../../shared/mains-papers.ts";

/** Agreement across tests, for one paper or all (GET /api/admin/mains-calibration). */
export const agreementQueryOptions = (paper: MainsPaper | null) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.adminAgreement(paper ?? "all"),
    queryFn: () => unwrap(api.admin["mains-calibration"].$get({ query: paper ? { paper } : {} })),
    meta: { errorToast: { title: msg("Error loading the examiner agreement") } },
  });
export type Agreement = Awaited<
  ReturnType<NonNullable<ReturnType<typeof agreementQueryOptions>["queryFn"]>>
>;

export function useAgreement(paper: MainsPaper | null) {
  return useQuery(agreementQueryOptions(paper));
}
