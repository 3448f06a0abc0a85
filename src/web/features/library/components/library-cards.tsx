import { LocalText } from "@web/components/local-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { formatDuration } from "@web/lib/format.ts";
import { Bookmark, BookmarkCheck, CheckCircle2, FileText, Lock, PlayCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { monthLabel } from "../../../../shared/library.ts";
import { PLANS_PATH } from "../../../../shared/subscriptions.ts";
import type { NoteCardData, VideoCardData } from "../api/library-api.ts";

export const notePath = (noteId: string) => `/student/study-materials/notes/${noteId}`;
export const videoPath = (videoId: string) => `/videos/${videoId}`;

/** A premium item the viewer may not open: the lock, and the way to the plans. */
export function LockNotice(props: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Lock aria-hidden="true" className="size-4 text-amber-600" />
      <span>{t("Premium: subscribe to a plan to open it.")}</span>
      <Link to={PLANS_PATH} className="font-medium text-primary underline">
        {props.compact ? t("See plans") : t("View subscription plans")}
      </Link>
    </p>
  );
}

export function NoteCard(props: {
  note: NoteCardData;
  onBookmark: (saved: boolean) => void;
  bookmarkPending?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { note } = props;
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-background p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <Link to={notePath(note.id)} className="font-semibold hover:underline">
            <LocalText english={note.title} hindi={note.titleHi} />
          </Link>
          <div className="flex flex-wrap gap-1.5 text-xs">
            {note.month ? (
              <Badge variant="secondary">{monthLabel(note.month, i18n.language)}</Badge>
            ) : null}
            {note.subjectName ? <Badge variant="outline">{note.subjectName}</Badge> : null}
            {note.topicName ? <Badge variant="outline">{note.topicName}</Badge> : null}
            {note.hasPdf ? (
              <Badge variant="outline">
                <FileText aria-hidden="true" className="size-3" /> {t("PDF")}
              </Badge>
            ) : null}
            {note.isFree ? null : <Badge>{t("Premium")}</Badge>}
            {note.read ? (
              <Badge variant="secondary">
                <CheckCircle2 aria-hidden="true" className="size-3" /> {t("Read")}
              </Badge>
            ) : null}
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={note.bookmarked}
          aria-label={t("Bookmark {{title}}", { title: note.title })}
          disabled={props.bookmarkPending}
          onClick={() => props.onBookmark(!note.bookmarked)}
        >
          {note.bookmarked ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
        </Button>
      </div>
      {note.summary ? (
        <LocalText
          as="p"
          className="text-sm text-muted-foreground"
          english={note.summary}
          hindi={note.summaryHi}
        />
      ) : null}
      {note.locked ? <LockNotice compact /> : null}
    </li>
  );
}

export function VideoCard(props: { video: VideoCardData }) {
  const { t } = useTranslation();
  const { video } = props;
  return (
    <li className="grid content-start gap-2 overflow-hidden rounded-lg border border-border bg-background">
      <Link to={videoPath(video.id)} className="group grid gap-2">
        <div className="relative aspect-video bg-muted">
          {video.posterUrl ? (
            <img
              src={video.posterUrl}
              alt=""
              className="h-full w-full object-cover"
              loading="lazy"
            />
          ) : (
            <PlayCircle
              aria-hidden="true"
              className="absolute inset-0 m-auto size-10 text-muted-foreground"
            />
          )}
          {video.locked ? (
            <Lock
              aria-hidden="true"
              className="absolute top-2 right-2 size-5 text-white drop-shadow"
            />
          ) : null}
        </div>
        <span className="px-3 font-semibold group-hover:underline">
          <LocalText english={video.title} hindi={video.titleHi} />
        </span>
      </Link>
      <div className="flex flex-wrap gap-1.5 px-3 pb-3 text-xs">
        {video.durationSeconds ? (
          <Badge variant="outline">{formatDuration(video.durationSeconds)}</Badge>
        ) : null}
        {video.topicName ? <Badge variant="outline">{video.topicName}</Badge> : null}
        {video.isFree ? null : <Badge>{t("Premium")}</Badge>}
        {video.completed ? (
          <Badge variant="secondary">
            <CheckCircle2 aria-hidden="true" className="size-3" /> {t("Watched")}
          </Badge>
        ) : video.positionSeconds ? (
          <Badge variant="secondary">{t("In progress")}</Badge>
        ) : null}
        {video.locked ? <LockNotice compact /> : null}
      </div>
    </li>
  );
}
