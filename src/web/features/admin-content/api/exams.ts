import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { ExamInput } from "../../../../shared/exams.ts";

const fetchExams = (search?: string) =>
  unwrap(api.admin.exams.$get({ query: search ? { search } : {} }));
export type AdminExam = Awaited<ReturnType<typeof fetchExams>>[number];

export const adminExamsQueryOptions = (filter: ListFilter) =>
  queryOptions({
    queryKey: queryKeys.admin.exams.list(filter),
    queryFn: () => fetchExams(filter.search),
    placeholderData: (previous) => previous,
    meta: {
      errorToast: {
        title: "Error",
        describe: (message) => `Failed to fetch exams or categories: ${message}`,
      },
    },
  });

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
