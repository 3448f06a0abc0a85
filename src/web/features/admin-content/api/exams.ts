import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { ExamInput } from "../../../../shared/exams.ts";

export const adminExamsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ["admin", "exams", "list", search],
    queryFn: () => unwrap(api.admin.exams.$get({ query: search ? { search } : {} })),
    placeholderData: (previous) => previous,
  });

export function useAdminExams(search = "") {
  return useQuery(adminExamsQueryOptions(search));
}
export type AdminExam = NonNullable<ReturnType<typeof useAdminExams>["data"]>[number];

export const examOptionsQueryOptions = queryOptions({
  queryKey: ["admin", "exams", "options"],
  queryFn: () => unwrap(api.admin.exams.options.$get()),
});

export function useExamOptions() {
  return useQuery(examOptionsQueryOptions);
}

function invalidateExamLists(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "exams"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "categories"] }),
    queryClient.invalidateQueries({ queryKey: ["exams"] }),
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
        queryClient.invalidateQueries({ queryKey: ["admin", "questions"] }),
      ]),
  });
}
