import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { ProfileUpdate } from "../../../../shared/profile.ts";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdate) => unwrap(api.profile.$put({ json: input })),
    // The session query carries the profile (header name, dashboard avatar): refetch it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
