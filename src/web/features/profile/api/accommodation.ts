import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The student's extra-time request: its status, the grant, the reason, the certificate. */
export const accommodationQueryOptions = queryOptions({
  queryKey: queryKeys.accommodations.own,
  queryFn: () => unwrap(api.accommodations.$get()),
  meta: { errorToast: { title: msg("Could not load your extra time request.") } },
});

export const useAccommodation = () => useQuery(accommodationQueryOptions);
export type Accommodation = NonNullable<ReturnType<typeof useAccommodation>["data"]>;

/** Uploads (or replaces) the certificate; the answer is the request, now under review. */
export function useUploadCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => unwrap(api.accommodations.certificate.$post({ form: { file } })),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.accommodations.own, data),
  });
}
