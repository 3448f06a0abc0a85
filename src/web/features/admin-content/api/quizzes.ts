import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import type { QuizInput } from "../../../../shared/quizzes.ts";

export type QuizFilter = { search?: string; page: number; pageSize: number };

export const adminQuizzesQueryOptions = (filter: QuizFilter) =>
  queryOptions({
    queryKey: ["admin", "quizzes", "list", filter],
    queryFn: () =>
      unwrap(
        api.admin.quizzes.$get({
          query: {
            page: String(filter.page),
            pageSize: String(filter.pageSize),
            ...(filter.search ? { search: filter.search } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export function useAdminQuizzes(filter: QuizFilter) {
  return useQuery(adminQuizzesQueryOptions(filter));
}
export type AdminQuiz = NonNullable<ReturnType<typeof useAdminQuizzes>["data"]>["items"][number];

export const quizOptionsQueryOptions = queryOptions({
  queryKey: ["admin", "quizzes", "options"],
  queryFn: () => unwrap(api.admin.quizzes.options.$get()),
});

export function useQuizOptions() {
  return useQuery(quizOptionsQueryOptions);
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "quizzes"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "questions"] }),
    queryClient.invalidateQueries({ queryKey: ["quizzes"] }),
    queryClient.invalidateQueries({ queryKey: ["home"] }),
  ]);
}

/** Saves the quiz, then its PDF if one was chosen (the quiz is kept if the upload fails). */
export function useSaveQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      pdf,
      pdfHasNoAnswers = false,
    }: {
      id?: string;
      input: QuizInput;
      pdf?: File;
      /** The dialog's "This PDF holds no answers", sent with the upload. */
      pdfHasNoAnswers?: boolean;
    }) => {
      const saved = id
        ? await unwrap(api.admin.quizzes[":id"].$put({ param: { id }, json: input }))
        : await unwrap(api.admin.quizzes.$post({ json: input }));
      if (pdf) {
        await unwrap(
          api.admin.quizzes[":id"].pdf.$post({
            param: { id: saved.id },
            form: { file: pdf, hasNoAnswers: pdfHasNoAnswers ? "true" : "false" },
          }),
        );
      }
      return saved;
    },
    onSettled: () => invalidate(queryClient),
  });
}

export function useDeleteQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.admin.quizzes[":id"].$delete({ param: { id } })),
    onSuccess: () => invalidate(queryClient),
  });
}
