import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MainsQuestionInput } from "../../shared/evaluation.ts";
import { msg } from "../../shared/i18n/msg.ts";
import { api, unwrap } from "./api.ts";
import { type PageRow, pagedListQuery } from "./page-query.ts";
import { type ListFilter, queryKeys } from "./query-keys.ts";

/**
 * Mains questions as their editors see them (decision 042): admins at /admin/mains-questions and,
 * while admins allow it, mentors at /mentor/questions. One page of full questions (model answer
 * included), searched by text and filtered by paper.
 */
export const mainsQuestionsQueryOptions = (filter: ListFilter & { paper?: string }) =>
  pagedListQuery(queryKeys.mainsQuestions.list(filter), api["mains-questions"], filter, {
    meta: { errorToast: { title: msg("Error loading Mains questions") } },
  });
export type MainsQuestionRow = PageRow<typeof mainsQuestionsQueryOptions>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.mainsQuestions.all });
}

export function useSaveMainsQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: MainsQuestionInput }) =>
      id
        ? unwrap(api["mains-questions"][":id"].$put({ param: { id }, json: input }))
        : unwrap(api["mains-questions"].$post({ json: input })),
    onSuccess: refresh,
  });
}

/** Admins only: a question's copies go with it. */
export function useDeleteMainsQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api["mains-questions"][":id"].$delete({ param: { id } })),
    onSuccess: refresh,
  });
}
