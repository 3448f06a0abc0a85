// Posts may be in Hindi whatever the interface language: the Devanagari font comes with them.
import "@web/lib/devanagari-font.ts";
import { Button } from "@web/components/ui/button.tsx";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DISCUSSION_SORTS, type DiscussionSort } from "../../../shared/discussions.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import {
  type DiscussionFilter,
  type DiscussionPage,
  type DiscussionThread as Thread,
  useDeletePost,
  useDiscussion,
} from "./discussion-api.ts";
import { PostComposer } from "./post-composer.tsx";
import { PostItem, postAnchor } from "./post-item.tsx";
import { ReportDialog } from "./report-dialog.tsx";

const SORT_LABEL: Record<DiscussionSort, string> = {
  newest: msg("Newest"),
  helpful: msg("Most helpful"),
};

type Target = { id: string; number: number } | null;

/**
 * A question's discussion (decision 064): the verified explanation first, then the posts
 * (newest or most helpful first) with their replies, the composer, and a page at a time.
 */
export function DiscussionThread(props: { questionId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DiscussionFilter>({ sort: "newest", page: 1 });
  const discussion = useDiscussion(props.questionId, filter);
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground" id={`${props.questionId}-sort`}>
          {t("Sort by")}
        </span>
        <fieldset
          aria-labelledby={`${props.questionId}-sort`}
          className="flex flex-wrap gap-1 border-0 p-0"
        >
          {DISCUSSION_SORTS.map((sort) => (
            <Button
              key={sort}
              type="button"
              size="sm"
              variant={filter.sort === sort ? "secondary" : "outline"}
              aria-pressed={filter.sort === sort}
              onClick={() => setFilter({ sort, page: 1 })}
            >
              {t(SORT_LABEL[sort])}
            </Button>
          ))}
        </fieldset>
      </div>
      <QueryContent
        query={discussion}
        compact
        loadingLabel={t("Loading the discussion...")}
        errorTitle={t("Error loading the discussion")}
      >
        {(data) => (
          <ThreadBody
            questionId={props.questionId}
            data={data}
            onPage={(page) => setFilter((f) => ({ ...f, page }))}
          />
        )}
      </QueryContent>
    </div>
  );
}

function ThreadBody(props: {
  questionId: string;
  data: DiscussionPage;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { data, questionId } = props;
  /** The thread whose reply box is open, and the post (it or one of its replies) answered. */
  const [replyTo, setReplyTo] = useState<{ threadId: string; parent: Target } | null>(null);
  const [reportTarget, setReportTarget] = useState<Target>(null);
  const [deleteTarget, setDeleteTarget] = useState<Target>(null);
  const remove = useDeletePost(questionId);
  const threads = data.pinned ? [data.pinned, ...data.items] : data.items;
  // "#3" leads to post 3 where it is on this page; otherwise it stays text.
  const numbers = new Set(threads.flatMap((p) => [p.number, ...p.replies.map((r) => r.number)]));
  const mention = (number: number) =>
    numbers.has(number) ? `#${postAnchor(questionId, number)}` : null;

  const item = (post: Thread["replies"][number], thread: Thread, isReply: boolean) => (
    <PostItem
      questionId={questionId}
      post={post}
      viewer={data.viewer}
      mention={mention}
      isReply={isReply}
      onReply={() =>
        setReplyTo({ threadId: thread.id, parent: { id: post.id, number: post.number } })
      }
      onReport={() => setReportTarget({ id: post.id, number: post.number })}
      onDelete={() => setDeleteTarget({ id: post.id, number: post.number })}
    />
  );

  return (
    <div className="grid min-w-0 gap-3">
      <PostingNotice viewer={data.viewer} />
      {data.viewer.canPost ? (
        <PostComposer questionId={questionId} label={t("Your post")} submitLabel={t("Post")} />
      ) : null}
      {threads.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t("No posts yet. Ask a doubt or explain the answer.")}
        </p>
      ) : (
        <ol className="grid min-w-0 gap-3">
          {threads.map((thread) => (
            <li key={thread.id} className="grid min-w-0 gap-2">
              {item(thread, thread, false)}
              {thread.replies.length > 0 || replyTo?.threadId === thread.id ? (
                <ol
                  aria-label={t("Replies to post #{{number}}", { number: thread.number })}
                  className="grid min-w-0 gap-2 border-l-2 border-border pl-3 sm:pl-5"
                >
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>{item(reply, thread, true)}</li>
                  ))}
                  {replyTo?.threadId === thread.id && replyTo.parent ? (
                    <li>
                      <PostComposer
                        key={replyTo.parent.id}
                        questionId={questionId}
                        parentId={replyTo.parent.id}
                        label={t("Your reply to post #{{number}}", {
                          number: replyTo.parent.number,
                        })}
                        submitLabel={t("Reply")}
                        onDone={() => setReplyTo(null)}
                        onCancel={() => setReplyTo(null)}
                      />
                    </li>
                  ) : null}
                </ol>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        onPageChange={props.onPage}
      />
      <ReportDialog
        questionId={questionId}
        postId={reportTarget?.id ?? null}
        number={reportTarget?.number ?? 0}
        onOpenChange={(open) => !open && setReportTarget(null)}
      />
      <ConfirmDialog
        open={deleteTarget !== null}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
        title={t("Delete post #{{number}}?", { number: deleteTarget?.number ?? 0 })}
        description={t("It will show as deleted; replies to it stay.")}
        isPending={remove.isPending}
        onConfirm={async () => {
          if (!deleteTarget) return;
          try {
            await remove.mutateAsync(deleteTarget.id);
            setDeleteTarget(null);
          } catch (error) {
            notify.error(
              t("Error"),
              errorMessage(error, msg("Something went wrong. Please try again.")),
            );
          }
        }}
      />
    </div>
  );
}

/** Why the viewer cannot post now: a ban, or the hour's posts used up. */
function PostingNotice(props: { viewer: DiscussionPage["viewer"] }) {
  const { t } = useTranslation();
  const { viewer } = props;
  if (viewer.bannedUntil) {
    return (
      <p className="rounded-md bg-muted p-3 text-sm">
        {t(
          "A moderator stopped you from posting until {{until}}. You can still read the discussion.",
          {
            until: formatDateTime(viewer.bannedUntil),
          },
        )}
      </p>
    );
  }
  if (!viewer.canPost) {
    return (
      <p className="rounded-md bg-muted p-3 text-sm">
        {t(
          "You have written 10 posts and replies in the last hour. You can post again a little later.",
        )}
      </p>
    );
  }
  return null;
}
