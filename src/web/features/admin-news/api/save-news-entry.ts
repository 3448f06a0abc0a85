import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { NewsInput } from "../../../../shared/news.ts";

/** Creates an entry, or updates it when an id is given. */
export function useSaveNewsEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: NewsInput }) =>
      id
        ? unwrap(api.news[":newsId"].$put({ param: { newsId: id }, json: input }))
        : unwrap(api.news.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.news.all }),
  });
}
