import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import { type AdminSettings, adminSettingsQueryOptions } from "./get-settings.ts";

/** The saved settings replace the page's copy, and the header reads the new logo. */
function useLogoMutation<Input>(mutationFn: (input: Input) => Promise<AdminSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQueryOptions.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
    },
  });
}

export function useUploadLogo() {
  return useLogoMutation((file: File) => unwrap(api.settings.logo.$post({ form: { file } })));
}

export function useRemoveLogo() {
  return useLogoMutation(() => unwrap(api.settings.logo.$delete()));
}
