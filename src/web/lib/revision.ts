import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { msg } from "../../shared/i18n/msg.ts";
import { api, unwrap } from "./api.ts";
import { useAuth } from "./auth.ts";
import { errorMessage } from "./error-message.ts";
import { i18n } from "./i18n.ts";
import { queryKeys } from "./query-keys.ts";
import { readerTimeZone } from "./time-zone.ts";
import { notify } from "./toast.ts";

/**
 * The revision notebook's requests that more than one screen makes (decision 041): its counts
 * (the notebook, the home page) and the "Save for revision" toggles of a completed review (the
 * exam, quiz and practice reviews). The notebook's own list and actions are in features/revision.
 */

/** Cards due today (in the browser's time zone), all cards, mastered ones. */
export const revisionSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.revision.summary,
  queryFn: () => unwrap(api.revision.summary.$get({ query: { tz: readerTimeZone() } })),
  staleTime: 0,
});

export const useRevisionSummary = (enabled = true) =>
  useQuery({ ...revisionSummaryQueryOptions, enabled });

export type RevisionSummary = NonNullable<ReturnType<typeof useRevisionSummary>["data"]>;

const attemptCardsQueryOptions = (attemptId: string) =>
  queryOptions({
    queryKey: queryKeys.revision.attemptCards(attemptId),
    queryFn: () => unwrap(api.revision.attempts[":attemptId"].cards.$get({ param: { attemptId } })),
    staleTime: 60_000,
  });

type AttemptCards = { questionIds: string[] };

/**
 * Whether each question of the student's completed attempt is in their notebook, and a toggle:
 * one request per tap, shown at once (optimistic) and undone with a toast if the server refuses.
 */
export function useSaveForRevision(attemptId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.revision.attemptCards(attemptId);
  const cards = useQuery(attemptCardsQueryOptions(attemptId));
  const toggle = useMutation({
    mutationFn: async ({ questionId, save }: { questionId: string; save: boolean }) => {
      if (save) await unwrap(api.revision.cards.$post({ json: { questionId } }));
      else await unwrap(api.revision.cards[":questionId"].$delete({ param: { questionId } }));
    },
    onMutate: async ({ questionId, save }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AttemptCards>(key);
      const ids = new Set(before?.questionIds ?? []);
      if (save) ids.add(questionId);
      else ids.delete(questionId);
      queryClient.setQueryData<AttemptCards>(key, { questionIds: [...ids] });
      return { before };
    },
    onError: (error, _vars, context) => {
      queryClient.setQueryData(key, context?.before);
      notify.error(
        i18n.t("Could not update your revision notebook."),
        errorMessage(error, msg("Please try again.")),
      );
    },
    onSuccess: () => {
      // The notebook and the counts are read afresh where they are shown next.
      void queryClient.invalidateQueries({ queryKey: queryKeys.revision.summary });
      void queryClient.invalidateQueries({ queryKey: queryKeys.revision.cardsAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.home.dashboard });
    },
  });
  const saved = new Set(cards.data?.questionIds ?? []);
  return {
    isReady: cards.isSuccess,
    isSaved: (questionId: string) => saved.has(questionId),
    /** A tap on this question is still on its way (the button waits for it). */
    isPending: (questionId: string) =>
      toggle.isPending && toggle.variables?.questionId === questionId,
    toggle: (questionId: string) => toggle.mutate({ questionId, save: !saved.has(questionId) }),
  };
}

/**
 * The attempt whose review shows "Save for revision": the signed-in student's own completed
 * exam, quiz or practice attempt (a revision session's questions are in the notebook already;
 * an admin reading a student's review gets no toggles).
 */
export function useRevisionToggleAttempt(
  review:
    | { status: string; kind: string; attempt: { id: string }; student?: { id: string } | null }
    | undefined,
): string | undefined {
  const auth = useAuth();
  if (!review || auth.status !== "signed-in" || auth.role !== "student") return undefined;
  const own = review.student?.id === auth.session.user.id;
  return own && review.status === "completed" && review.kind !== "revision"
    ? review.attempt.id
    : undefined;
}
