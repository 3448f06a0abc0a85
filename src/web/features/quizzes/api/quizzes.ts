import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { QUIZ_MESSAGES, type QuizFilter } from "../../../../shared/quiz-constants.ts";

export const quizListQueryOptions = (filter: QuizFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.quizzes.list(filter, page),
    queryFn: () => unwrap(api.quizzes.$get({ query: { filter, page: String(page) } })),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: QUIZ_MESSAGES.fetchError } },
  });

export function useQuizList(filter: QuizFilter, page: number) {
  return useQuery(quizListQueryOptions(filter, page));
}
export type QuizCardData = NonNullable<ReturnType<typeof useQuizList>["data"]>["items"][number];

/** Saves or unsaves; the lists refresh afterwards (the Saved filter changes with it). */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, saved }: { quizId: string; saved: boolean }) =>
      saved
        ? unwrap(api.quizzes[":id"].bookmark.$put({ param: { id: quizId } }))
        : unwrap(api.quizzes[":id"].bookmark.$delete({ param: { id: quizId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.all }),
  });
}
