import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { QuizInput } from "../../../../shared/quizzes.ts";

export const adminQuizzesQueryOptions = (filter: ListFilter) =>
  pagedListQuery(queryKeys.admin.quizzes.list(filter), api.admin.quizzes, filter);
export type AdminQuiz = PageRow<typeof adminQuizzesQueryOptions>;

export const quizOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.admin.quizzes.options,
  queryFn: () => unwrap(api.admin.quizzes.options.$get()),
});

export function useQuizOptions() {
  return useQuery(quizOptionsQueryOptions);
}

function invalidate(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.quizzes.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.questions.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
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
