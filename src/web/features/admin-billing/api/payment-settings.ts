import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { RazorpaySettingsInput } from "../../../../shared/subscriptions.ts";

export const razorpaySettingsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.paymentSettings,
  queryFn: () => unwrap(api.admin["payment-settings"].razorpay.$get()),
  staleTime: 0,
  meta: { errorToast: { title: msg("Error Fetching Payment Settings") } },
});
export function useRazorpaySettings() {
  return useQuery(razorpaySettingsQueryOptions);
}

export function useSaveRazorpaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RazorpaySettingsInput) =>
      unwrap(api.admin["payment-settings"].razorpay.$put({ json: input })),
    onSuccess: (saved) => queryClient.setQueryData(razorpaySettingsQueryOptions.queryKey, saved),
  });
}

export const testRazorpayConnection = () =>
  unwrap(api.admin["payment-settings"].razorpay.test.$post());
