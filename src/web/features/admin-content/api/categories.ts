import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { i18n } from "@web/lib/i18n.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { CategoryInput } from "../../../../shared/exams.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const adminCategoriesQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.categories.list(filter), api.admin.categories, filter);
export type AdminCategory = PageRow<typeof adminCategoriesQueryOptions>;

/** Every category (id and name), for the exam form's select: not a page. */
export const categoryOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.categories.options,
  queryFn: () => unwrap(api.admin.categories.options.$get()),
  meta: {
    errorToast: {
      title: msg("Error"),
      describe: (message) =>
        i18n.t("Failed to fetch exams or categories: {{message}}", { message }),
    },
  },
});
export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions);
}

/** Create (no id) or update (id) a category; lists that show categories are refreshed. */
export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: CategoryInput }) =>
      id
        ? unwrap(api.admin.categories[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.categories.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.categories.all }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.categories[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.categories.all }),
  });
}
