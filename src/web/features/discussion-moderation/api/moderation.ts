import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { type PageRow, pagedListQuery } from "@web/lib/page-query.ts";
import { type ListFilter, queryKeys } from "@web/lib/query-keys.ts";
import type { DiscussionBan } from "../../../../shared/discussion-schemas.ts";
import type { ModerationQueue } from "../../../../shared/discussions.ts";
import { msg } from "../../../../shared/i18n/msg.ts";

/** The moderators' queue of discussion posts (decision 064): reported, or hidden. */
export const moderationQueueQueryOptions = (queue: ModerationQueue) => (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.discussions.moderation.queue({ ...filter, queue }),
    api.moderation["discussion-posts"],
    { ...filter, queue },
    { meta: { errorToast: { title: msg("Error loading posts") } } },
  );
export type QueuedPost = PageRow<ReturnType<typeof moderationQueueQueryOptions>>;

/** The bans from posting in force now. */
export const bansQueryOptions = (filter: ListFilter) =>
  pagedListQuery(
    queryKeys.discussions.moderation.bans(filter),
    api.moderation["discussion-bans"],
    filter,
    { meta: { errorToast: { title: msg("Error loading bans") } } },
  );
export type DiscussionBanRow = PageRow<typeof bansQueryOptions>;

/** Everything discussions show: a moderator's action changes the queue and the threads. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.discussions.all });
}

const postRoute = api["discussion-posts"][":id"];

export function useHidePost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (postId: string) => unwrap(postRoute.hide.$post({ param: { id: postId } })),
    onSuccess: refresh,
  });
}

export function useRestorePost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (postId: string) => unwrap(postRoute.restore.$post({ param: { id: postId } })),
    onSuccess: refresh,
  });
}

export function useBanWriter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ban: DiscussionBan) =>
      unwrap(api.moderation["discussion-bans"].$post({ json: ban })),
    onSuccess: refresh,
  });
}

export function useLiftBan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: string) =>
      unwrap(api.moderation["discussion-bans"][":userId"].$delete({ param: { userId } })),
    onSuccess: refresh,
  });
}
