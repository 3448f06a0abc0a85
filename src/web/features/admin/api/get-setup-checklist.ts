import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const setupChecklistQueryOptions = queryOptions({
  queryKey: queryKeys.admin.setupChecklist,
  queryFn: () => unwrap(api.admin["setup-checklist"].$get()),
});

export function useSetupChecklist() {
  return useQuery(setupChecklistQueryOptions);
}
