import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import {
  BadgeCheck,
  EyeOff,
  Flag,
  type LucideIcon,
  Pencil,
  Pin,
  PinOff,
  Reply,
  RotateCcw,
  ThumbsUp,
  Trash2,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Role } from "../../../shared/constants.ts";
import { msg } from "../../../shared/i18n/msg.ts";
import {
  type DiscussionPost,
  type DiscussionViewerFacts,
  type ModerationAction,
  useHelpful,
  useModeratePost,
} from "./discussion-api.ts";
import { type MentionLink, PostBody } from "./post-body.tsx";
import { PostEditor } from "./post-composer.tsx";

/** The element id of post `number` of a question's discussion ("#3" links lead there). */
export const postAnchor = (questionId: string, number: number) =>
  `discussion-${questionId}-post-${number}`;

const ROLE_BADGE: Partial<Record<Role, string>> = {
  mentor: msg("Mentor"),
  admin: msg("Admin"),
};

/** A post's action buttons: narrow, so a phone fits a row of them beside a reply's indent. */
const ACTION = "px-2";

/** One of a post's plain actions: an icon and its words. */
function PostAction(props: { icon: LucideIcon; label: string; onClick: () => void }) {
  const Icon = props.icon;
  return (
    <Button type="button" size="sm" variant="ghost" className={ACTION} onClick={props.onClick}>
      <Icon aria-hidden="true" />
      {props.label}
    </Button>
  );
}

/** What a post whose words are not shown says instead. */
const PLACEHOLDER = {
  deleted: msg("This post was deleted."),
  hidden: msg("This post was hidden by a moderator."),
  reported: msg("This post is hidden while moderators review reports."),
} as const;

const MODERATION_DONE: Record<ModerationAction, string> = {
  pin: msg("Pinned as the verified explanation"),
  unpin: msg("Unpinned"),
  hide: msg("Post hidden"),
  restore: msg("Post restored"),
};

/**
 * One post or reply: its writer (name and badge, never an email), number and time, its words with
 * their formatting, its image, and what the viewer may do to it.
 */
export function PostItem(props: {
  questionId: string;
  post: DiscussionPost;
  viewer: DiscussionViewerFacts;
  mention: MentionLink;
  isReply?: boolean;
  onReply?: () => void;
  onReport: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { post, viewer } = props;
  const nameId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const helpful = useHelpful(props.questionId);
  const moderate = useModeratePost(props.questionId);
  const shown = post.body !== null;
  const canEdit = post.canEditUntil !== null && new Date(post.canEditUntil).getTime() > Date.now();
  const badge = post.author ? ROLE_BADGE[post.author.role] : undefined;

  const act = async (action: ModerationAction) => {
    try {
      await moderate.mutateAsync({ postId: post.id, action });
      notify.success(t(MODERATION_DONE[action]), t("Post #{{number}}", { number: post.number }));
    } catch (error) {
      notify.error(t("Error"), errorMessage(error, msg("Something went wrong. Please try again.")));
    }
  };
  const toggleHelpful = () =>
    helpful.mutate(
      { postId: post.id, helpful: !post.votedByMe },
      {
        onError: (error) =>
          notify.error(
            t("Error"),
            errorMessage(error, msg("Something went wrong. Please try again.")),
          ),
      },
    );

  return (
    <article
      id={postAnchor(props.questionId, post.number)}
      aria-labelledby={nameId}
      className={cn(
        "grid min-w-0 scroll-mt-24 gap-2 rounded-md border p-3",
        post.pinned ? "border-success/60 bg-success/5" : "border-border bg-background",
        props.isReply && "bg-muted/40",
      )}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {post.pinned ? (
          <Badge variant="success" className="gap-1">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {t("Verified explanation")}
          </Badge>
        ) : null}
        <span id={nameId} className="font-semibold">
          {post.author
            ? (post.author.name ?? t("Student"))
            : t("Post #{{number}}", { number: post.number })}
        </span>
        {badge ? <Badge variant="secondary">{t(badge)}</Badge> : null}
        <span className="text-muted-foreground">
          {post.author ? `#${post.number} · ` : ""}
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          {post.editedAt ? ` · ${t("edited")}` : ""}
        </span>
        {viewer.canModerate && post.status !== "visible" ? (
          <Badge variant="warning">{t(STATUS_LABEL[post.status])}</Badge>
        ) : null}
        {viewer.canModerate && post.reportCount ? (
          <Badge variant="outline">{t("Reports: {{number}}", { number: post.reportCount })}</Badge>
        ) : null}
      </header>

      {isEditing && post.body !== null ? (
        <PostEditor
          questionId={props.questionId}
          postId={post.id}
          body={post.body}
          onDone={() => setIsEditing(false)}
        />
      ) : shown ? (
        <>
          {post.body ? <PostBody text={post.body} mention={props.mention} /> : null}
          {post.imageUrl ? (
            <a href={post.imageUrl} target="_blank" rel="noreferrer" className="justify-self-start">
              <img
                src={post.imageUrl}
                alt={t("Image in post #{{number}}", { number: post.number })}
                loading="lazy"
                className="max-h-80 max-w-full rounded-md border border-border object-contain"
              />
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-sm italic text-muted-foreground">
          {t(post.status === "visible" ? PLACEHOLDER.hidden : PLACEHOLDER[post.status])}
        </p>
      )}

      {shown && !isEditing ? (
        <div className="flex flex-wrap items-center gap-1">
          {post.mine ? (
            <span className="inline-flex items-center gap-1 px-2 text-sm text-muted-foreground">
              <ThumbsUp className="size-4" aria-hidden="true" />
              {t("Helpful: {{number}}", { number: formatNumber(post.helpfulCount) })}
            </span>
          ) : (
            <Button
              type="button"
              size="sm"
              className={ACTION}
              variant={post.votedByMe ? "secondary" : "ghost"}
              aria-pressed={post.votedByMe}
              disabled={helpful.isPending || post.status !== "visible"}
              onClick={toggleHelpful}
            >
              <ThumbsUp aria-hidden="true" />
              {t("Helpful")}
              <span className="tabular-nums">{formatNumber(post.helpfulCount)}</span>
            </Button>
          )}
          {props.onReply && viewer.canPost && post.status === "visible" ? (
            <PostAction icon={Reply} label={t("Reply")} onClick={props.onReply} />
          ) : null}
          {post.mine && canEdit ? (
            <PostAction icon={Pencil} label={t("Edit")} onClick={() => setIsEditing(true)} />
          ) : null}
          {post.mine ? (
            <PostAction icon={Trash2} label={t("Delete")} onClick={props.onDelete} />
          ) : null}
          {!post.mine && !viewer.canModerate ? (
            post.reportedByMe ? (
              <span className="px-2 text-sm text-muted-foreground">{t("Reported")}</span>
            ) : (
              <PostAction icon={Flag} label={t("Report")} onClick={props.onReport} />
            )
          ) : null}
          {viewer.canModerate ? (
            <ModeratorActions post={post} isReply={props.isReply === true} onAct={act} />
          ) : null}
        </div>
      ) : null}
      {props.children}
    </article>
  );
}

const STATUS_LABEL = {
  visible: msg("Shown"),
  reported: msg("Hidden: reported"),
  hidden: msg("Hidden by a moderator"),
  deleted: msg("Deleted"),
} as const;

function ModeratorActions(props: {
  post: DiscussionPost;
  isReply: boolean;
  onAct: (action: ModerationAction) => void;
}) {
  const { t } = useTranslation();
  const { post } = props;
  return (
    <>
      {!props.isReply && post.status === "visible" ? (
        post.pinned ? (
          <PostAction icon={PinOff} label={t("Unpin")} onClick={() => props.onAct("unpin")} />
        ) : (
          <PostAction
            icon={Pin}
            label={t("Pin as verified explanation")}
            onClick={() => props.onAct("pin")}
          />
        )
      ) : null}
      {post.status === "hidden" || post.status === "reported" || (post.reportCount ?? 0) > 0 ? (
        <PostAction icon={RotateCcw} label={t("Restore")} onClick={() => props.onAct("restore")} />
      ) : null}
      {post.status !== "hidden" ? (
        <PostAction icon={EyeOff} label={t("Hide")} onClick={() => props.onAct("hide")} />
      ) : null}
    </>
  );
}
