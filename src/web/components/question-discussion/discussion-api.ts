import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import type { DiscussionSort } from "../../../shared/discussions.ts";
import { msg } from "../../../shared/i18n/msg.ts";

/**
 * The discussion under a question (decision 064), on the typed client: a page of its threads,
 * the question above its own page, and every write to it. Each write refreshes the question's
 * branch (every sort and page) and the reviews' counts.
 */

const discussionRoute = api.questions[":id"].discussion;
const postRoute = api["discussion-posts"][":id"];

export type DiscussionFilter = { sort: DiscussionSort; page: number };

export const discussionQueryOptions = (questionId: string, filter: DiscussionFilter) =>
  queryOptions({
    queryKey: queryKeys.discussions.thread(questionId, filter),
    queryFn: () =>
      unwrap(
        discussionRoute.$get({
          param: { id: questionId },
          query: { sort: filter.sort, page: String(filter.page) },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: msg("Error loading the discussion") } },
  });

export type DiscussionPage = NonNullable<
  Awaited<ReturnType<NonNullable<ReturnType<typeof discussionQueryOptions>["queryFn"]>>>
>;
export type DiscussionThread = DiscussionPage["items"][number];
export type DiscussionPost = Omit<DiscussionThread, "replies">;
export type DiscussionViewerFacts = DiscussionPage["viewer"];

export function useDiscussion(questionId: string, filter: DiscussionFilter) {
  return useQuery(discussionQueryOptions(questionId, filter));
}

/** The question above its discussion page, with its key (the server's gate decides). */
export const discussionQuestionQueryOptions = (questionId: string) =>
  queryOptions({
    queryKey: queryKeys.discussions.questionView(questionId),
    queryFn: () => unwrap(discussionRoute.question.$get({ param: { id: questionId } })),
  });

export function useDiscussionQuestion(questionId: string) {
  return useQuery(discussionQuestionQueryOptions(questionId));
}

function useRefresh(questionId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.discussions.question(questionId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.discussions.counts.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.discussions.moderation.all }),
    ]);
}

export type NewPost = { body: string; parentId?: string; image?: Blob };

/** Writes a post or a reply; with an image, as a form (the image checked on the server). */
export function useCreatePost(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: ({ body, parentId, image }: NewPost) => {
      const param = { id: questionId };
      const parent = parentId ? { parentId } : {};
      if (!image) return unwrap(discussionRoute.$post({ param, json: { body, ...parent } }));
      const file = image instanceof File ? image : new File([image], "image.jpg");
      return unwrap(
        discussionRoute["image-posts"].$post({ param, form: { body, file, ...parent } }),
      );
    },
    onSuccess: refresh,
  });
}

export function useEditPost(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: ({ postId, body }: { postId: string; body: string }) =>
      unwrap(postRoute.$patch({ param: { id: postId }, json: { body } })),
    onSuccess: refresh,
  });
}

export function useDeletePost(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: (postId: string) => unwrap(postRoute.$delete({ param: { id: postId } })),
    onSuccess: refresh,
  });
}

/** Marks a post helpful, or takes the mark back. */
export function useHelpful(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: ({ postId, helpful }: { postId: string; helpful: boolean }) =>
      unwrap(
        helpful
          ? postRoute.helpful.$post({ param: { id: postId } })
          : postRoute.helpful.$delete({ param: { id: postId } }),
      ),
    onSuccess: refresh,
  });
}

export function useReportPost(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: ({ postId, reason }: { postId: string; reason: string | null }) =>
      unwrap(postRoute.report.$post({ param: { id: postId }, json: { reason } })),
    onSuccess: refresh,
  });
}

export type ModerationAction = "pin" | "unpin" | "hide" | "restore";

/** A mentor's or an admin's pin, unpin, hide or restore. */
export function useModeratePost(questionId: string) {
  const refresh = useRefresh(questionId);
  return useMutation({
    mutationFn: ({
      postId,
      action,
    }: {
      postId: string;
      action: ModerationAction;
    }): Promise<{ id: string }> => {
      const param = { id: postId };
      switch (action) {
        case "pin":
          return unwrap(postRoute.pin.$post({ param }));
        case "unpin":
          return unwrap(postRoute.pin.$delete({ param }));
        case "hide":
          return unwrap(postRoute.hide.$post({ param }));
        case "restore":
          return unwrap(postRoute.restore.$post({ param }));
      }
    },
    onSuccess: refresh,
  });
}
