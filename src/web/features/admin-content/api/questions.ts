import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { QuestionInput } from "../../../../shared/exams.ts";

export type QuestionFilter = {
  search?: string;
  examId?: string;
  quizId?: string;
  page: number;
  pageSize: number;
};

export const adminQuestionsQueryOptions = (filter: QuestionFilter) =>
  queryOptions({
    queryKey: ["admin", "questions", filter],
    queryFn: () =>
      unwrap(
        api.admin.questions.$get({
          query: {
            page: String(filter.page),
            pageSize: String(filter.pageSize),
            ...(filter.search ? { search: filter.search } : {}),
            ...(filter.examId ? { examId: filter.examId } : {}),
            ...(filter.quizId ? { quizId: filter.quizId } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useAdminQuestions(filter: QuestionFilter) {
  return useQuery(adminQuestionsQueryOptions(filter));
}
export type AdminQuestion = NonNullable<
  ReturnType<typeof useAdminQuestions>["data"]
>["items"][number];

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "questions"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "exams"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "quizzes"] }),
  ]);
}

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: QuestionInput }) =>
      id
        ? unwrap(api.admin.questions[":id"].$put({ param: { id }, json: input }))
        : unwrap(api.admin.questions.$post({ json: input })),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.questions[":id"].$delete({ param: { id } })),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { examId: string | null; quizId: string | null; csv: string }) =>
      unwrap(api.admin.questions.import.$post({ json: input })),
    onSuccess: () => invalidate(queryClient),
  });
}
