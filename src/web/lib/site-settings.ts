import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./api.ts";
import { queryKeys } from "./query-keys.ts";

export const publicSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.settings.public,
  queryFn: () => unwrap(api.settings.public.$get()),
  staleTime: 5 * 60_000,
});

/** The product name from site_settings (default 'My Exam App' until loaded). */
export function useAppTitle(): string {
  return useQuery(publicSettingsQueryOptions).data?.appTitle ?? "My Exam App";
}

/** The logo the admin uploaded (a same-origin /storage URL), or null: the header shows the title. */
export function useLogoUrl(): string | null {
  return useQuery(publicSettingsQueryOptions).data?.logoUrl ?? null;
}
