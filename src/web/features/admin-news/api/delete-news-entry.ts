import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export function useDeleteNewsEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newsId: string) => unwrap(api.news[":newsId"].$delete({ param: { newsId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.news.all }),
  });
}
