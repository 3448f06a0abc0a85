import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { REFERRAL_CODE_PATTERN } from "../../../../shared/referrals.ts";

/** A register link's code: the inviter's first name, or an error when the code is not valid. */
export function useReferralCode(code: string | null) {
  const normalised = code?.trim().toUpperCase() ?? "";
  return useQuery({
    queryKey: queryKeys.referrals.code(normalised),
    queryFn: () => unwrap(api.referrals.codes[":code"].$get({ param: { code: normalised } })),
    enabled: REFERRAL_CODE_PATTERN.test(normalised),
    retry: false,
  });
}
