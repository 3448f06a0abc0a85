import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { ReferralSettingsInput, ReferralStatus } from "../../../../shared/referrals.ts";

/** Every referral, newest first, by status and searched by either account's email. */
export const adminReferralsQueryOptions = (status: ReferralStatus | "") => (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.admin.referrals.list(filter, status),
    api.admin.referrals,
    { ...filter, status: status || undefined },
    { meta: { errorToast: { title: msg("Error loading referrals") } } },
  );
export type AdminReferral = PageRow<ReturnType<typeof adminReferralsQueryOptions>>;

export function useReferralSettings() {
  return useQuery({
    queryKey: queryKeys.admin.referrals.settings,
    queryFn: () => unwrap(api.admin.referrals.settings.$get()),
  });
}

export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralSettingsInput) =>
      unwrap(api.admin.referrals.settings.$put({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.referrals.all }),
  });
}
