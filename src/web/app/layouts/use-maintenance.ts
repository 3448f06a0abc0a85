import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api.ts";
import { publicSettingsQueryOptions } from "@web/lib/site-settings.ts";
import { useEffect } from "react";

const isMaintenanceError = (error: unknown) =>
  error instanceof ApiError && error.code === "MAINTENANCE";

/**
 * Whether maintenance mode is on. A 503 MAINTENANCE from any call re-reads the settings at once,
 * and while it is on they are re-read every 30 s so the site comes back by itself.
 */
export function useMaintenanceMode(): boolean {
  const queryClient = useQueryClient();
  const settings = useQuery({
    ...publicSettingsQueryOptions,
    refetchInterval: (query) => (query.state.data?.maintenanceMode ? 30_000 : false),
  });

  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        isMaintenanceError(event.action.type === "error" && event.action.error)
      ) {
        refresh();
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        event.action.type === "error" &&
        isMaintenanceError(event.action.error)
      ) {
        refresh();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);

  return settings.data?.maintenanceMode ?? false;
}
