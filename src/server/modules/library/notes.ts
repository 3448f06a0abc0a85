import { and, asc, count, desc, eq, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  LIBRARY_MESSAGES,
  NOTE_READ_MAX_SECONDS,
  type NoteKind,
  type noteListQuerySchema,
  PDF_NOTE_READ_SECONDS,
  READING_WORDS_PER_MINUTE,
} from "../../../shared/library.ts";
import { pageOf } from "../../../shared/page.ts";
import { EXCERPT_LENGTH } from "../../../shared/rich-text.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { noteBookmarks, noteReads, studyNotes } from "../../db/schema/library.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import type { FileStorage } from "../../storage/storage.ts";
import {
  assertCanOpenStudyItem,
  loadStudyAccess,
  PLANS_PATH,
} from "../entitlements/entitlement.ts";
import { addStudySeconds, studyDay } from "./study-activity.ts";

type StudyViewer = Pick<Viewer, "userId" | "role">;

/** Published by now: what students see (admins preview drafts at /admin/notes). */
export function noteIsPublished(now: Date): SQL {
  return and(isNotNull(studyNotes.publishedAt), lte(studyNotes.publishedAt, now)) as SQL;
}

/**
 * The words of a search as a tsquery in both configurations the index uses (schema/library.ts):
 * `english` for stemmed English words, `simple` for Hindi ones. websearch_to_tsquery never fails
 * on what a person types (quotes, "or", a leading minus).
 */
function searchQuery(q: string): SQL {
  return sql`(websearch_to_tsquery('english'::regconfig, ${q}) || websearch_to_tsquery('simple'::regconfig, ${q}))`;
}

const listColumns = (userId: string) => ({
  id: studyNotes.id,
  kind: studyNotes.kind,
  month: studyNotes.month,
  title: studyNotes.title,
  titleHi: studyNotes.titleHi,
  summary: studyNotes.summary,
  summaryHi: studyNotes.summaryHi,
  subjectId: studyNotes.subjectId,
  subjectName: subjects.name,
  topicId: studyNotes.topicId,
  topicName: topics.name,
  isFree: studyNotes.isFree,
  hasPdf: sql<boolean>`${studyNotes.pdfKey} is not null`,
  hasHindi: sql<boolean>`(${studyNotes.bodyHi} is not null or ${studyNotes.titleHi} is not null)`,
  wordCount: studyNotes.wordCount,
  textLength: sql<number>`char_length(${studyNotes.bodyText})`,
  publishedAt: studyNotes.publishedAt,
  bookmarked: sql<boolean>`exists (select 1 from ${noteBookmarks} where ${noteBookmarks.noteId} = ${studyNotes.id} and ${noteBookmarks.userId} = ${userId})`,
  read: sql<boolean>`exists (select 1 from ${noteReads} where ${noteReads.noteId} = ${studyNotes.id} and ${noteReads.userId} = ${userId} and ${noteReads.readAt} is not null)`,
});

/** A month column (yyyy-mm-01) as the month the contract speaks of (yyyy-mm). */
const monthOf = (value: string | null) => (value ? value.slice(0, 7) : null);

/**
 * What a card shows. A locked note keeps its summary only when that is a teaser of a longer text
 * (the body at least twice the excerpt's length): a short note's excerpt would be the note.
 */
function noteCard<
  Row extends {
    month: string | null;
    textLength: number;
    summary: string;
    summaryHi: string | null;
  },
>(row: Row, locked: boolean) {
  const { textLength, ...rest } = row;
  const teaser = !locked || Number(textLength) >= 2 * EXCERPT_LENGTH;
  return {
    ...rest,
    month: monthOf(row.month),
    summary: teaser ? row.summary : "",
    summaryHi: teaser ? row.summaryHi : null,
    locked,
  };
}

export type ListNotesInput = {
  viewer: StudyViewer;
  query: z.output<typeof noteListQuerySchema>;
  now: Date;
};

/**
 * The student's list (decision 043): published notes by kind, subject and topic, searched with
 * full-text search (ranked: title hits above body hits), or only the bookmarked ones. A premium
 * note the viewer may not open says so (`locked`); no list ever carries a body or a file.
 */
export async function listNotes(db: Db, { viewer, query, now }: ListNotesInput) {
  const conditions: (SQL | undefined)[] = [noteIsPublished(now)];
  if (query.kind) conditions.push(eq(studyNotes.kind, query.kind));
  if (query.subjectId) conditions.push(eq(studyNotes.subjectId, query.subjectId));
  if (query.topicId) conditions.push(eq(studyNotes.topicId, query.topicId));
  if (query.bookmarked) {
    conditions.push(
      sql`exists (select 1 from ${noteBookmarks} where ${noteBookmarks.noteId} = ${studyNotes.id} and ${noteBookmarks.userId} = ${viewer.userId})`,
    );
  }
  const q = query.q?.trim();
  if (q) conditions.push(sql`${studyNotes.search} @@ ${searchQuery(q)}`);
  const where = and(...conditions);
  const order = q
    ? // Title hits first, then the newest, read from the small title vector: ts_rank would read
      // every match's whole-text vector to sort them.
      [sql`(${studyNotes.titleSearch} @@ ${searchQuery(q)}) desc`, desc(studyNotes.publishedAt)]
    : query.kind === "current_affairs"
      ? [desc(studyNotes.month), desc(studyNotes.publishedAt)]
      : [desc(studyNotes.publishedAt), asc(studyNotes.title)];
  const [rows, [total], canOpen] = await Promise.all([
    db
      .select(listColumns(viewer.userId))
      .from(studyNotes)
      .leftJoin(subjects, eq(subjects.id, studyNotes.subjectId))
      .leftJoin(topics, eq(topics.id, studyNotes.topicId))
      .where(where)
      .orderBy(...order, asc(studyNotes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(studyNotes).where(where),
    loadStudyAccess(db, { viewer, now }),
  ]);
  return pageOf(
    rows.map((row) => noteCard(row, !canOpen(row))),
    total,
    query,
  );
}

async function findVisibleNote(db: DbOrTx, viewer: StudyViewer, noteId: string, now: Date) {
  const [note] = await db
    .select({
      ...listColumns(viewer.userId),
      body: studyNotes.body,
      bodyHi: studyNotes.bodyHi,
      pdfKey: studyNotes.pdfKey,
      visible: sql<boolean>`${noteIsPublished(now)}`,
    })
    .from(studyNotes)
    .leftJoin(subjects, eq(subjects.id, studyNotes.subjectId))
    .leftJoin(topics, eq(topics.id, studyNotes.topicId))
    .where(eq(studyNotes.id, noteId));
  // Drafts and scheduled notes do not exist for students; admins may open them.
  if (!note || (!note.visible && viewer.role !== "admin")) {
    throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  }
  return note;
}

/** The path a note's PDF is served at (after the access check). */
export const notePdfPath = (noteId: string) => `/api/notes/${noteId}/pdf`;

export type GetNoteInput = {
  viewer: StudyViewer;
  noteId: string;
  now: Date;
};

/**
 * One note: its body (and Hindi body) and PDF link only when the viewer may open it; a locked
 * premium note has its title, summary, lock and the plans' address, never its text or file.
 */
export async function getNote(db: Db, { viewer, noteId, now }: GetNoteInput) {
  const note = await findVisibleNote(db, viewer, noteId, now);
  const canOpen = await loadStudyAccess(db, { viewer, now });
  const { body, bodyHi, pdfKey, visible: _visible, ...rest } = note;
  const locked = !canOpen(note);
  return {
    ...noteCard(rest, locked),
    plansUrl: locked ? PLANS_PATH : null,
    body: locked ? null : body,
    bodyHi: locked ? null : bodyHi,
    pdfUrl: !locked && pdfKey ? notePdfPath(noteId) : null,
  };
}

export type OpenNotePdfInput = {
  storage: FileStorage;
  viewer: StudyViewer;
  noteId: string;
  now: Date;
};

/** The note's PDF, to a viewer allowed to open the note (403 with the plans link otherwise). */
export async function openNotePdf(db: Db, { storage, viewer, noteId, now }: OpenNotePdfInput) {
  const note = await findVisibleNote(db, viewer, noteId, now);
  if (!note.pdfKey) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  await assertCanOpenStudyItem(db, { viewer, item: note, now });
  const file = await storage.get("study_files", note.pdfKey);
  if (!file) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  return { file, fileName: pdfFileName(note.title) };
}

/** A download name from the title: letters, digits and dashes only (it goes in a header). */
export function pdfFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "note"}.pdf`;
}

export type SetNoteBookmarkInput = {
  viewer: StudyViewer;
  noteId: string;
  saved: boolean;
  now: Date;
};

/** Bookmarks a published note (or removes the bookmark); idempotent. */
export async function setNoteBookmark(
  db: Db,
  { viewer, noteId, saved, now }: SetNoteBookmarkInput,
) {
  await findVisibleNote(db, viewer, noteId, now);
  if (saved) {
    await db
      .insert(noteBookmarks)
      .values({ userId: viewer.userId, noteId, createdAt: now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(noteBookmarks)
      .where(and(eq(noteBookmarks.userId, viewer.userId), eq(noteBookmarks.noteId, noteId)));
  }
  return { noteId, bookmarked: saved };
}

/** Reading time for the streak: the words at 200 a minute, a PDF-only note 10 minutes. */
export function readingSeconds(note: { wordCount: number; hasPdf: boolean }): number {
  const seconds =
    note.wordCount > 0
      ? Math.ceil((note.wordCount / READING_WORDS_PER_MINUTE) * 60)
      : note.hasPdf
        ? PDF_NOTE_READ_SECONDS
        : 0;
  return Math.min(NOTE_READ_MAX_SECONDS, seconds);
}

export type MarkNoteReadInput = {
  viewer: StudyViewer;
  noteId: string;
  tz?: string;
  now: Date;
};

/**
 * "Mark as read" (a note the viewer may open): counts toward the subject's progress and, the
 * first time only, adds the note's reading time to the student's day for the study streak.
 */
export async function markNoteRead(db: Db, { viewer, ...input }: MarkNoteReadInput) {
  const { noteId, now } = input;
  const note = await findVisibleNote(db, viewer, noteId, now);
  await assertCanOpenStudyItem(db, { viewer, item: note, now });
  await db.transaction(async (tx) => {
    const [first] = await tx
      .insert(noteReads)
      .values({ userId: viewer.userId, noteId, readAt: now, firstReadAt: now })
      .onConflictDoNothing()
      .returning({ noteId: noteReads.noteId });
    if (first) {
      await addStudySeconds(tx, {
        userId: viewer.userId,
        day: studyDay(now, input.tz),
        kind: "note",
        seconds: readingSeconds(note),
      });
    } else {
      await tx
        .update(noteReads)
        .set({ readAt: now })
        .where(and(eq(noteReads.userId, viewer.userId), eq(noteReads.noteId, noteId)));
    }
  });
  return { noteId, read: true };
}

export type MarkNoteUnreadInput = {
  viewer: StudyViewer;
  noteId: string;
  now: Date;
};

/** "Mark as unread": out of the progress again (the study time already counted stays). */
export async function markNoteUnread(db: Db, { viewer, noteId, now }: MarkNoteUnreadInput) {
  await findVisibleNote(db, viewer, noteId, now);
  await db
    .update(noteReads)
    .set({ readAt: null })
    .where(and(eq(noteReads.userId, viewer.userId), eq(noteReads.noteId, noteId)));
  return { noteId, read: false };
}

export type NoteProgressInput = {
  userId: string;
  now: Date;
};

/**
 * Progress per subject: of the subject's published study notes, how many the student has marked
 * read (subjects without notes are left out; compilations belong to no subject's progress).
 */
export async function noteProgress(db: Db, { userId, now }: NoteProgressInput) {
  const kind: NoteKind = "notes";
  const rows = await db
    .select({
      subjectId: subjects.id,
      subjectName: subjects.name,
      total: count(studyNotes.id),
      read: count(noteReads.noteId),
    })
    .from(studyNotes)
    .innerJoin(subjects, eq(subjects.id, studyNotes.subjectId))
    .leftJoin(
      noteReads,
      and(
        eq(noteReads.noteId, studyNotes.id),
        eq(noteReads.userId, userId),
        isNotNull(noteReads.readAt),
      ),
    )
    .where(and(eq(studyNotes.kind, kind), noteIsPublished(now)))
    .groupBy(subjects.id, subjects.name, subjects.sortOrder)
    .orderBy(asc(subjects.sortOrder), asc(subjects.name));
  return rows;
}
