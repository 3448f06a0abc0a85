import { PageHeader } from "@web/components/layout/page-header.tsx";
import { LocalText } from "@web/components/local-text.tsx";
import { RichText } from "@web/components/rich-text/rich-text.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { usePickText } from "@web/lib/content-language.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { notify } from "@web/lib/toast.ts";
import { Bookmark, BookmarkCheck, CheckCircle2, Circle, FileText } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { monthLabel } from "../../../../shared/library.ts";
import { type NoteDetail, useNote, useToggleBookmark, useToggleRead } from "../api/library-api.ts";
import { LockNotice } from "../components/library-cards.tsx";

function NoteBody({ note }: { note: NoteDetail }) {
  const { t, i18n } = useTranslation();
  const pick = usePickText();
  const read = useToggleRead();
  const bookmark = useToggleBookmark();
  const title = pick(note.title, note.titleHi);
  usePageTitle(title.text);
  // The Hindi body when the interface is Hindi and the note has one, else the English.
  const body = note.body !== null ? pick(note.body, note.bodyHi) : null;
  const fail = (title: string) => (error: unknown) => notify.error(title, errorMessage(error));
  return (
    <article className="grid gap-4">
      <PageHeader
        title={title.text}
        backTo={
          note.kind === "current_affairs"
            ? "/current-affairs/notes"
            : "/student/study-materials/notes"
        }
        backLabel={
          note.kind === "current_affairs"
            ? t("Back to Current Affairs Notes")
            : t("Back to Study Notes")
        }
      />
      <div className="flex flex-wrap gap-1.5 text-xs">
        {note.month ? (
          <Badge variant="secondary">{monthLabel(note.month, i18n.language)}</Badge>
        ) : null}
        {note.subjectName ? <Badge variant="outline">{note.subjectName}</Badge> : null}
        {note.topicName ? <Badge variant="outline">{note.topicName}</Badge> : null}
        {note.isFree ? null : <Badge>{t("Premium")}</Badge>}
      </div>
      {note.locked ? (
        <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {note.summary ? <LocalText as="p" english={note.summary} hindi={note.summaryHi} /> : null}
          <LockNotice />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant={note.read ? "secondary" : "default"}
              aria-pressed={note.read}
              disabled={read.isPending}
              onClick={() =>
                read.mutate(
                  { noteId: note.id, read: !note.read },
                  { onError: fail(t("Could not save your progress")) },
                )
              }
            >
              {/* A toggle keeps its name; aria-pressed (and the tick) says whether it is on. */}
              {note.read ? <CheckCircle2 aria-hidden="true" /> : <Circle aria-hidden="true" />}
              {t("Mark as read")}
            </Button>
            <Button
              variant="outline"
              aria-pressed={note.bookmarked}
              disabled={bookmark.isPending}
              onClick={() =>
                bookmark.mutate(
                  { noteId: note.id, saved: !note.bookmarked },
                  { onError: fail(t("Could not update the bookmark")) },
                )
              }
            >
              {note.bookmarked ? (
                <BookmarkCheck aria-hidden="true" />
              ) : (
                <Bookmark aria-hidden="true" />
              )}
              {t("Bookmark")}
            </Button>
            {note.pdfUrl ? (
              <Button asChild variant="outline">
                <a href={note.pdfUrl} target="_blank" rel="noopener">
                  <FileText aria-hidden="true" /> {t("Open PDF")}
                </a>
              </Button>
            ) : null}
          </div>
          {body?.text ? (
            <RichText
              html={body.text}
              lang={body.lang}
              className="rounded-lg border border-border bg-background p-4"
            />
          ) : null}
        </>
      )}
    </article>
  );
}

/** /student/study-materials/notes/{id}: one note to read, mark read, bookmark, open as PDF. */
export function NoteReaderPage() {
  const { t } = useTranslation();
  const { noteId = "" } = useParams();
  const note = useNote(noteId);
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <QueryContent
        query={note}
        loadingLabel={t("Loading note...")}
        errorTitle={t("Error loading the note")}
      >
        {(data) => <NoteBody note={data} />}
      </QueryContent>
    </div>
  );
}
