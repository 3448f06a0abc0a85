import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { ContentKind } from "../../../../shared/attempt-kinds.ts";

/** Each content kind's requests: its item analysis and its regrade. */
const REQUESTS = {
  exam: {
    analysis: (examId: string) =>
      unwrap(api.admin.exams[":examId"].analysis.$get({ param: { examId } })),
    regrade: (examId: string) =>
      unwrap(api.admin.exams[":examId"].regrade.$post({ param: { examId } })),
  },
  quiz: {
    analysis: (quizId: string) =>
      unwrap(api.admin.quizzes[":quizId"].analysis.$get({ param: { quizId } })),
    regrade: (quizId: string) =>
      unwrap(api.admin.quizzes[":quizId"].regrade.$post({ param: { quizId } })),
  },
} satisfies Record<
  ContentKind,
  { analysis: (id: string) => Promise<unknown>; regrade: (id: string) => Promise<unknown> }
>;

/** The item analysis of an exam or a quiz (GET /api/admin/{exams,quizzes}/:id/analysis). */
export function getItemAnalysis(kind: ContentKind, id: string) {
  return REQUESTS[kind].analysis(id);
}
export type ItemAnalysis = Awaited<ReturnType<typeof getItemAnalysis>>;
export type AnalysedQuestion = ItemAnalysis["questions"][number];

export const itemAnalysisQueryOptions = (kind: ContentKind, id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.analysis.detail(kind, id),
    queryFn: () => getItemAnalysis(kind, id),
  });

export function useItemAnalysis(kind: ContentKind, id: string) {
  return useQuery(itemAnalysisQueryOptions(kind, id));
}

/** Regrades every completed attempt of the target with the current keys (one transaction). */
export function regrade(kind: ContentKind, id: string) {
  return REQUESTS[kind].regrade(id);
}

export function useRegrade(kind: ContentKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regrade(kind, id),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.analysis.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.results.all }),
      ]);
    },
  });
}
