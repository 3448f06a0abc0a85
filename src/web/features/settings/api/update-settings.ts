import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import type { SiteSettingsInput } from "../../../../shared/settings.ts";
import { adminSettingsQueryOptions } from "./get-settings.ts";

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SiteSettingsInput) => unwrap(api.settings.$put({ json: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQueryOptions.queryKey, saved);
      // The header, page title, footer and maintenance page read the public settings.
      return queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
    },
  });
}
