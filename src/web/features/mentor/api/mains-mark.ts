import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { BookletPageMap, MarkDraft } from "../../../../shared/mains-marking-schemas.ts";

const fetchMark = (markId: string) =>
  unwrap(api.mentor.mains.marks[":markId"].$get({ param: { markId } }));

/** One answer the mentor holds (or has marked): question, pages, page range, rubric, own draft. */
export const mainsMarkQueryOptions = (markId: string) =>
  queryOptions({
    queryKey: queryKeys.mainsTests.mentorWork(markId),
    queryFn: () => fetchMark(markId),
    // The desk holds unsaved marks and annotations: a refetch must not come under them.
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
export type MainsMark = Awaited<ReturnType<typeof fetchMark>>;
export function useMainsMark(markId: string) {
  return useQuery(mainsMarkQueryOptions(markId));
}

/** Everything a marking changes: the queue's counts, the held work. */
function useRefreshWork() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.mentorQueue() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.mentorHeld() }),
    ]);
}

export function useSaveMarkDraft(markId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: MarkDraft) =>
      unwrap(api.mentor.mains.marks[":markId"].$put({ param: { markId }, json: draft })),
    onSuccess: (mark) => queryClient.setQueryData(queryKeys.mainsTests.mentorWork(markId), mark),
  });
}

/** Submits the marks (every part scored); the answer is then read-only. */
export function useSubmitMark(markId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: (draft: MarkDraft) =>
      unwrap(api.mentor.mains.marks[":markId"].submit.$post({ param: { markId }, json: draft })),
    onSuccess: async ({ mark }) => {
      queryClient.setQueryData(queryKeys.mainsTests.mentorWork(markId), mark);
      await refresh();
    },
  });
}

/** Gives the answer back (in booklet mode, the booklet's unmarked answers with it). */
export function useReleaseMark(markId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshWork();
  return useMutation({
    mutationFn: () =>
      unwrap(api.mentor.mains.marks[":markId"].release.$post({ param: { markId } })),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.mainsTests.mentorWork(markId) });
      await refresh();
    },
  });
}

/**
 * Corrects where the booklet's answers start. The route belongs to the booklets' module (its
 * own contract), so the call is a plain JSON request; every answer of the booklet read again.
 */
export function useCorrectPageMap(bookletId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The server corrects where answers start; an answer the student left unmapped stays so.
    mutationFn: (map: BookletPageMap) =>
      unwrap(
        api.mentor.mains.booklets[":bookletId"].map.$put({
          param: { bookletId },
          json: {
            answers: map.answers.flatMap((a) =>
              a.startPage === null
                ? []
                : [{ testQuestionId: a.testQuestionId, startPage: a.startPage }],
            ),
          },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mainsTests.all }),
  });
}
