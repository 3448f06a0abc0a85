import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** The student's code, link, referrals and credits (the code is made on the first visit). */
export function useMyReferrals() {
  return useQuery({
    queryKey: queryKeys.referrals.mine,
    queryFn: () => unwrap(api.referrals.me.$get()),
  });
}
export type MyReferrals = NonNullable<ReturnType<typeof useMyReferrals>["data"]>;
