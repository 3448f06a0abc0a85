import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { EvaluationDraft } from "../../../../shared/evaluation.ts";

const fetchCopy = (copyId: string) =>
  unwrap(api.mentor.copies[":id"].$get({ param: { id: copyId } }));

/** A copy the mentor holds a claim on, or has evaluated: pages, rubric, draft, model answer. */
export const mentorCopyQueryOptions = (copyId: string) =>
  queryOptions({
    queryKey: queryKeys.mentor.copy(copyId),
    queryFn: () => fetchCopy(copyId),
    // The workspace holds the mentor's unsaved marks: a refetch must not come under it.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
export type MentorCopy = Awaited<ReturnType<typeof fetchCopy>>;
export function useMentorCopy(copyId: string) {
  return useQuery(mentorCopyQueryOptions(copyId));
}

/** Saves the draft (annotations per page, part marks, comment) on a copy the mentor holds. */
export function useSaveDraft(copyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: EvaluationDraft) =>
      unwrap(api.mentor.copies[":id"].evaluation.$put({ param: { id: copyId }, json: draft })),
    onSuccess: (copy) => queryClient.setQueryData(queryKeys.mentor.copy(copyId), copy),
  });
}

/** Publishes: every part scored; the student is mailed. The desk and the queue are refreshed. */
export function usePublishEvaluation(copyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: EvaluationDraft) =>
      unwrap(api.mentor.copies[":id"].publish.$post({ param: { id: copyId }, json: draft })),
    onSuccess: async (copy) => {
      queryClient.setQueryData(queryKeys.mentor.copy(copyId), copy);
      await queryClient.invalidateQueries({ queryKey: queryKeys.mentor.desk });
    },
  });
}
