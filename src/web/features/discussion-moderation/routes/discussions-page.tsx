// Posts may be in Hindi whatever the interface language: the Devanagari font comes with them.
import "@web/lib/devanagari-font.ts";
import { PostBody } from "@web/components/question-discussion/post-body.tsx";
import { ResourceList } from "@web/components/resource/resource-list.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { formatDateTime, formatNumber } from "@web/lib/format.ts";
import { notify } from "@web/lib/toast.ts";
import { Ban, EyeOff, Flag, MessageSquareText, RotateCcw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { ModerationQueue } from "../../../../shared/discussions.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import {
  bansQueryOptions,
  moderationQueueQueryOptions,
  type QueuedPost,
  useHidePost,
  useLiftBan,
  useRestorePost,
} from "../api/moderation.ts";
import { BanDialog } from "../components/ban-dialog.tsx";

type View = ModerationQueue | "bans";
const VIEWS: { view: View; label: string }[] = [
  { view: "reported", label: msg("Reported") },
  { view: "hidden", label: msg("Hidden") },
  { view: "bans", label: msg("Bans") },
];

const noMentions = () => null;

/** /admin/discussions: the moderation of question discussions, in the admin area. */
export function AdminDiscussionsPage() {
  return <DiscussionsModeration backTo="/admin/dashboard" />;
}

/** /mentor/discussions: the same screen for mentors. */
export function MentorDiscussionsPage() {
  const { t } = useTranslation();
  return <DiscussionsModeration backTo="/mentor" backLabel={t("Back to Evaluations")} />;
}

/**
 * The moderation of question discussions (decision 064): posts reported by students (most
 * reported first) and posts hidden by a moderator, each with its question and a link to the
 * discussion; hide, restore, ban the writer for some days; the bans in force, with unban.
 */
function DiscussionsModeration(props: { backTo: string; backLabel?: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("view");
  const view: View = asked === "hidden" || asked === "bans" ? asked : "reported";
  const switcher = (
    <ViewSwitch
      view={view}
      onChange={(next) => setParams(next === "reported" ? {} : { view: next }, { replace: true })}
    />
  );
  return view === "bans" ? (
    <BansList {...props} switcher={switcher} />
  ) : (
    <PostsQueue {...props} queue={view} switcher={switcher} />
  );
}

function ViewSwitch(props: { view: View; onChange: (view: View) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-1 self-end border-0 p-0">
      <legend className="sr-only">{t("Show")}</legend>
      {VIEWS.map(({ view, label }) => (
        <Button
          key={view}
          type="button"
          size="sm"
          variant={props.view === view ? "secondary" : "outline"}
          aria-pressed={props.view === view}
          onClick={() => props.onChange(view)}
        >
          {t(label)}
        </Button>
      ))}
    </fieldset>
  );
}

const STATUS_BADGE: Record<
  string,
  { label: string; variant: "warning" | "secondary" | "outline" }
> = {
  visible: { label: msg("Shown"), variant: "outline" },
  reported: { label: msg("Hidden: reported"), variant: "warning" },
  hidden: { label: msg("Hidden by a moderator"), variant: "secondary" },
};

function PostsQueue(props: {
  queue: ModerationQueue;
  backTo: string;
  backLabel?: string;
  switcher: React.ReactNode;
}) {
  const { t } = useTranslation();
  const hide = useHidePost();
  const restore = useRestorePost();
  const [banning, setBanning] = useState<{ userId: string; name: string } | null>(null);
  const nameOf = (post: QueuedPost) => post.author.name ?? t("Student");
  const run = async (action: "hide" | "restore", post: QueuedPost) => {
    try {
      await (action === "hide" ? hide : restore).mutateAsync(post.id);
      notify.success(
        action === "hide" ? t("Post hidden") : t("Post restored"),
        t("Post #{{number}}", { number: post.number }),
      );
    } catch (error) {
      notify.error(t("Error"), errorMessage(error, msg("Something went wrong. Please try again.")));
    }
  };
  return (
    <ResourceList
      title={t("Discussions")}
      description={t(
        "Posts students reported, most reported first, and posts hidden by a moderator. Hide, restore, or ban a writer from posting.",
      )}
      backTo={props.backTo}
      backLabel={props.backLabel}
      search={{
        id: "discussion-search",
        label: t("Search posts"),
        placeholder: t("Search by text or writer..."),
      }}
      filters={props.switcher}
      filterKey={props.queue}
      query={moderationQueueQueryOptions(props.queue)}
      loadingLabel={t("Loading posts...")}
      errorTitle={t("Error loading posts")}
      empty={{
        title: props.queue === "reported" ? t("No reported posts.") : t("No hidden posts."),
        description:
          props.queue === "reported"
            ? t("Posts students report appear here, most reported first.")
            : t("Posts a moderator hides appear here, and can be restored."),
      }}
      renderRows={(rows) => (
        <ul className="grid gap-3">
          {rows.map((post) => (
            <li key={post.id}>
              <article
                aria-label={t("Post #{{number}} by {{name}}", {
                  number: post.number,
                  name: nameOf(post),
                })}
                className="grid min-w-0 gap-3 rounded-lg border border-border bg-background p-4"
              >
                <div className="grid gap-1">
                  <p className="text-xs font-medium text-muted-foreground">{t("Question")}</p>
                  <p
                    lang={contentLang(post.questionText)}
                    className="line-clamp-3 text-sm break-words"
                  >
                    {post.questionText}
                  </p>
                  <Link
                    to={post.discussionUrl}
                    className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline"
                  >
                    <MessageSquareText className="size-4" aria-hidden="true" />
                    {t("Open the discussion")}
                  </Link>
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{nameOf(post)}</span>
                  <span className="text-muted-foreground">
                    #{post.number} · {formatDateTime(post.createdAt)}
                  </span>
                  <Badge variant={STATUS_BADGE[post.status]?.variant ?? "outline"}>
                    {t(STATUS_BADGE[post.status]?.label ?? msg("Shown"))}
                  </Badge>
                  {post.reportCount > 0 ? (
                    <Badge variant="outline" className="gap-1">
                      <Flag className="size-3" aria-hidden="true" />
                      {t("Reports: {{number}}", { number: formatNumber(post.reportCount) })}
                    </Badge>
                  ) : null}
                  {post.bannedUntil ? (
                    <Badge variant="destructive">
                      {t("Banned until {{until}}", { until: formatDateTime(post.bannedUntil) })}
                    </Badge>
                  ) : null}
                </div>
                <div className={cn("rounded-md bg-muted/50 p-3", !post.body && "hidden")}>
                  <PostBody text={post.body} mention={noMentions} />
                </div>
                {post.imageUrl ? (
                  <a
                    href={post.imageUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="justify-self-start"
                  >
                    <img
                      src={post.imageUrl}
                      alt={t("Image in post #{{number}}", { number: post.number })}
                      loading="lazy"
                      className="max-h-48 max-w-full rounded-md border border-border object-contain"
                    />
                  </a>
                ) : null}
                {post.reasons.length > 0 ? (
                  <div className="grid gap-1 text-sm">
                    <p className="font-medium">{t("Reasons given")}</p>
                    <ul className="list-disc pl-5 text-muted-foreground">
                      {post.reasons.map((reason, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: reasons repeat and have no id.
                        <li key={i} lang={contentLang(reason)}>
                          {reason}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {post.status !== "hidden" ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => run("hide", post)}
                    >
                      <EyeOff aria-hidden="true" />
                      {t("Hide")}
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => run("restore", post)}
                  >
                    <RotateCcw aria-hidden="true" />
                    {post.status === "visible" ? t("Dismiss reports") : t("Restore")}
                  </Button>
                  {post.author.role === "student" ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setBanning({ userId: post.author.userId, name: nameOf(post) })}
                    >
                      <Ban aria-hidden="true" />
                      {post.bannedUntil ? t("Change the ban") : t("Ban the writer")}
                    </Button>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    >
      <BanDialog writer={banning} onOpenChange={(open) => !open && setBanning(null)} />
    </ResourceList>
  );
}

function BansList(props: { backTo: string; backLabel?: string; switcher: React.ReactNode }) {
  const { t } = useTranslation();
  const lift = useLiftBan();
  return (
    <ResourceList
      title={t("Discussions")}
      description={t("Students banned from posting now. Lift a ban to let them post again.")}
      backTo={props.backTo}
      backLabel={props.backLabel}
      search={{
        id: "ban-search",
        label: t("Search bans"),
        placeholder: t("Search by name..."),
      }}
      filters={props.switcher}
      filterKey="bans"
      query={bansQueryOptions}
      loadingLabel={t("Loading bans...")}
      errorTitle={t("Error loading bans")}
      empty={{
        title: t("No one is banned from posting."),
        description: t("A ban from the reported posts shows here until it ends."),
      }}
      columns={[
        { header: t("Student"), cell: (row) => row.name ?? t("Student") },
        { header: t("Until"), cell: (row) => formatDateTime(row.until) },
        {
          header: t("Reason"),
          className: "break-words",
          cell: (row) => <span lang={contentLang(row.reason)}>{row.reason ?? "—"}</span>,
        },
        { header: t("Banned by"), cell: (row) => row.bannedBy ?? "—" },
      ]}
      rowLabel={(row) => row.name ?? t("Student")}
      rowActions={(row, handlers) => (
        <Button type="button" size="sm" variant="outline" onClick={() => handlers.remove(row)}>
          {t("Lift ban")}
        </Button>
      )}
      remove={{
        title: t("Lift the ban?"),
        description: (row) =>
          t("{{name}} can post and reply again at once.", { name: row.name ?? t("Student") }),
        confirmLabel: t("Lift ban"),
        pendingLabel: t("Lifting..."),
        run: async (row) => {
          try {
            await lift.mutateAsync(row.userId);
            notify.success(t("Ban lifted"), row.name ?? t("Student"));
          } catch (error) {
            notify.error(
              t("Error"),
              errorMessage(error, msg("Something went wrong. Please try again.")),
            );
          }
        },
      }}
    />
  );
}
