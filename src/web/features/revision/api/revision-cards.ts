import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { readerTimeZone } from "@web/lib/time-zone.ts";
import type { RevisionSource } from "../../../../shared/revision.ts";

/** Cards a page: each shows a whole question with its options and explanation. */
export const REVISION_PAGE_SIZE = 10;

export type RevisionFilter = {
  subjectId?: string;
  topicId?: string;
  source?: RevisionSource;
  page: number;
};

/** The notebook, one page of the student's cards, soonest due first. */
export const revisionCardsQueryOptions = (filter: RevisionFilter) =>
  pagedListQuery(queryKeys.revision.cards(filter), api.revision.cards, {
    ...filter,
    pageSize: REVISION_PAGE_SIZE,
  });
export type RevisionCard = PageRow<typeof revisionCardsQueryOptions>;

export function useRevisionCards(filter: RevisionFilter) {
  return useQuery(revisionCardsQueryOptions(filter));
}

/** Subjects and their topics by name (the filters). */
export const subjectOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.subjectOptions,
  queryFn: () => unwrap(api.subjects.$get()),
  staleTime: 5 * 60_000,
});

export function useSubjectOptions() {
  return useQuery(subjectOptionsQueryOptions);
}

/** After a card changes: the list, the counts (here, home, dashboard) and the reviews' toggles. */
function useRefreshNotebook() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.revision.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.home.dashboard }),
    ]);
}

/** "Remove": the card leaves the notebook. */
export function useRemoveCard() {
  const refresh = useRefreshNotebook();
  return useMutation({
    mutationFn: (questionId: string) =>
      unwrap(api.revision.cards[":questionId"].$delete({ param: { questionId } })),
    onSuccess: refresh,
  });
}

/** "Reset schedule": the card starts again as new, due now. */
export function useResetCard() {
  const refresh = useRefreshNotebook();
  return useMutation({
    mutationFn: (questionId: string) =>
      unwrap(api.revision.cards[":questionId"].reset.$post({ param: { questionId } })),
    onSuccess: refresh,
  });
}

/** "Start today's revision": the session of today's due cards (or the one under way). */
export function useStartRevision() {
  return useMutation({
    mutationFn: () => unwrap(api.revision.sessions.$post({ query: { tz: readerTimeZone() } })),
  });
}
