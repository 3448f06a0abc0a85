import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { i18n } from "@web/lib/i18n.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { ExamInput } from "../../../../shared/exams.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

export const adminExamsQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.exams.list(filter), api.admin.exams, filter, {
    meta: {
      errorToast: {
        title: msg("Error"),
        describe: (message) =>
          i18n.t("Failed to fetch exams or categories: {{message}}", { message }),
      },
    },
  });
export type AdminExam = PageRow<typeof adminExamsQueryOptions>;

export const examOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.exams.options,
  queryFn: () => unwrap(api.admin.exams.options.$get()),
});

export function useExamOptions() {
  return useQuery(examOptionsQueryOptions);
}

function invalidateExamLists(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.exams.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.categories.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.exams.all }),
  ]);
}

export function useSaveExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ExamInput }) =>
      id
        ? unwrap(api.admin.exams[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.exams.$post({ json: input })),
    onSuccess: () => invalidateExamLists(queryClient),
  });
}

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.exams[":id"].$delete({ param: { id } })),
    onSuccess: () =>
      Promise.all([
        invalidateExamLists(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.questions.all }),
      ]),
  });
}
