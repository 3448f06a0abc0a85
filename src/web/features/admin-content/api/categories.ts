import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { CategoryInput } from "../../../../shared/exams.ts";

export const adminCategoriesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ["admin", "categories", search],
    queryFn: () => unwrap(api.admin.categories.$get({ query: search ? { search } : {} })),
    placeholderData: (previous) => previous,
  });

export function useAdminCategories(search = "") {
  return useQuery(adminCategoriesQueryOptions(search));
}
export type AdminCategory = NonNullable<ReturnType<typeof useAdminCategories>["data"]>[number];

/** Create (no id) or update (id) a category; lists that show categories are refreshed. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CategoryInput }) =>
      id
        ? unwrap(api.admin.categories[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.categories.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "categories"] }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.categories[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "categories"] }),
  });
}
