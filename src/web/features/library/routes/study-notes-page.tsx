import { useQuery } from "@tanstack/react-query";
import { PageHeader } from "@web/components/layout/page-header.tsx";
import { SearchBox } from "@web/components/resource/search-box.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Label } from "@web/components/ui/label.tsx";
import { Pagination } from "@web/components/ui/pagination.tsx";
import { QueryContent } from "@web/components/ui/query-content.tsx";
import { Select } from "@web/components/ui/select.tsx";
import { EmptyState } from "@web/components/ui/states.tsx";
import { Switch } from "@web/components/ui/switch.tsx";
import { useDebounced } from "@web/hooks/use-debounced.ts";
import { useBackLink } from "@web/lib/back-link.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { topicsOf, useSubjectOptions } from "@web/lib/subject-options.ts";
import { notify } from "@web/lib/toast.ts";
import { PlayCircle } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type NoteFilter,
  notesQueryOptions,
  useNoteProgress,
  useToggleBookmark,
} from "../api/library-api.ts";
import { NoteCard } from "../components/library-cards.tsx";

const PAGE_SIZE = 12;

/** Read / published notes per subject (decision 043). */
function SubjectProgress() {
  const { t } = useTranslation();
  const progress = useNoteProgress();
  const rows = progress.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="notes-progress" className="grid gap-2">
      <h2 id="notes-progress" className="text-base font-semibold">
        {t("Your progress")}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((row) => {
          const label = t("{{read}} of {{total}} read", { read: row.read, total: row.total });
          return (
            <li key={row.subjectId} className="grid gap-1 rounded-md border border-border p-3">
              <div className="flex justify-between gap-2 text-sm">
                <span className="font-medium">{row.subjectName}</span>
                <span className="text-muted-foreground">{label}</span>
              </div>
              <progress
                className="h-2 w-full accent-primary"
                max={row.total}
                value={row.read}
                aria-label={`${row.subjectName}: ${label}`}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A list of notes with its filters: the study notes page and the current-affairs tab. */
export function NotesBrowser(props: {
  kind: NonNullable<NoteFilter["kind"]>;
  withTaxonomy: boolean;
}) {
  const { t } = useTranslation();
  const subjects = useSubjectOptions().data ?? [];
  const [search, setSearch] = useState("");
  const [subjectId, setSubjectId] = useState("");
  const [topicId, setTopicId] = useState("");
  const [bookmarked, setBookmarked] = useState(false);
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const filter: NoteFilter = {
    kind: props.kind,
    q: q || undefined,
    subjectId: subjectId || undefined,
    topicId: topicId || undefined,
    bookmarked: bookmarked || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  const notes = useQuery(notesQueryOptions(filter));
  const bookmark = useToggleBookmark();
  const subjectSelect = useId();
  const topicSelect = useId();
  const bookmarkSwitch = useId();
  const topics = topicsOf(subjects, subjectId);
  const filtered = Boolean(q || subjectId || topicId || bookmarked);
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_1fr_1fr_auto] lg:items-end">
        <SearchBox
          id={`notes-search-${props.kind}`}
          label={t("Search notes")}
          placeholder={t("Search notes...")}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {props.withTaxonomy ? (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={subjectSelect}>{t("Subject")}</Label>
              <Select
                id={subjectSelect}
                value={subjectId}
                onChange={(event) => {
                  setSubjectId(event.target.value);
                  setTopicId("");
                  setPage(1);
                }}
              >
                <option value="">{t("All subjects")}</option>
                {subjects.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={topicSelect}>{t("Topic")}</Label>
              <Select
                id={topicSelect}
                value={topicId}
                disabled={!subjectId}
                onChange={(event) => {
                  setTopicId(event.target.value);
                  setPage(1);
                }}
              >
                <option value="">{t("All topics")}</option>
                {topics.map((topic) => (
                  <option key={topic.id} value={topic.id}>
                    {topic.name}
                  </option>
                ))}
              </Select>
            </div>
          </>
        ) : null}
        <div className="flex items-center gap-2 pb-2">
          <Switch
            id={bookmarkSwitch}
            checked={bookmarked}
            onCheckedChange={(on) => {
              setBookmarked(on);
              setPage(1);
            }}
          />
          <Label htmlFor={bookmarkSwitch}>{t("Bookmarked only")}</Label>
        </div>
      </div>
      <QueryContent
        query={notes}
        loadingLabel={t("Loading notes...")}
        errorTitle={t("Error loading notes")}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            title={filtered ? t("No notes match your search.") : t("No notes published yet.")}
            description={
              filtered
                ? t("Try other words or clear the filters.")
                : t("New notes appear here as soon as they are published.")
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-3 md:grid-cols-2" aria-busy={notes.isFetching}>
              {data.items.map((note) => (
                <NoteCard
                  key={note.id}
                  note={note}
                  bookmarkPending={bookmark.isPending}
                  onBookmark={(saved) =>
                    bookmark.mutate(
                      { noteId: note.id, saved },
                      {
                        onError: (error) =>
                          notify.error(t("Could not update the bookmark"), errorMessage(error)),
                      },
                    )
                  }
                />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryContent>
    </div>
  );
}

/** /student/study-materials/notes: notes by subject and topic, search, bookmarks, progress. */
export function StudyNotesPage() {
  const { t } = useTranslation();
  const back = useBackLink();
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5 px-4 py-6">
      <PageHeader
        title={t("Study Notes")}
        description={t("Subject-wise notes to read online or as PDF, free and premium.")}
        backTo={back.to}
        backLabel={back.label}
        actions={
          <Button asChild variant="outline">
            <Link to="/student/study-materials/videos">
              <PlayCircle aria-hidden="true" /> {t("Video Lessons")}
            </Link>
          </Button>
        }
      />
      <SubjectProgress />
      <NotesBrowser kind="notes" withTaxonomy />
    </div>
  );
}
