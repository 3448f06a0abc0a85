import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import {
  type adminLibraryQuerySchema,
  LIBRARY_MESSAGES,
  NOTE_KINDS,
  type NoteData,
  noteInputSchema,
} from "../../../shared/library.ts";
import { pageOf } from "../../../shared/page.ts";
import { createExcerpt } from "../../../shared/rich-text.ts";
import type { Db } from "../../db/client.ts";
import { studyNotes } from "../../db/schema/library.ts";
import { subjects, topics } from "../../db/schema/taxonomy.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { readPdfUpload } from "../../storage/pdf-upload.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { htmlToText, sanitizeNewsHtml } from "../news/sanitize-news-html.ts";
import { checkTaxonomy } from "../subjects/taxonomy-check.ts";
import { notePdfPath } from "./notes.ts";

/**
 * The multipart form's `data` field: the note as JSON, checked by the shared schema (a 422 with
 * the first message, as `validate` answers).
 */
export function parseNoteData(raw: unknown): NoteData {
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  if (typeof json !== "object" || json === null) {
    throw new AppError("VALIDATION_FAILED", LIBRARY_MESSAGES.invalidData);
  }
  const parsed = noteInputSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError(
      "VALIDATION_FAILED",
      first?.message ?? LIBRARY_MESSAGES.invalidData,
      parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  return parsed.data;
}

const wordsOf = (text: string) => (text ? text.split(/\s+/).filter(Boolean).length : 0);

/** The stored columns of a note from the admin's input: sanitised HTML and its plain text. */
function noteColumns(input: NoteData) {
  const body = sanitizeNewsHtml(input.body);
  const bodyHi = input.bodyHi ? sanitizeNewsHtml(input.bodyHi) || null : null;
  const bodyText = htmlToText(body);
  const bodyTextHi = bodyHi ? htmlToText(bodyHi) : null;
  return {
    kind: input.kind,
    month: input.kind === "current_affairs" && input.month ? `${input.month}-01` : null,
    title: input.title,
    titleHi: input.titleHi,
    body,
    bodyHi,
    bodyText,
    bodyTextHi,
    summary: createExcerpt(bodyText),
    summaryHi: bodyTextHi ? createExcerpt(bodyTextHi) : null,
    wordCount: wordsOf(bodyText) || wordsOf(bodyTextHi ?? ""),
    subjectId: input.subjectId,
    topicId: input.subjectId ? input.topicId : null,
    isFree: input.isFree,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : null,
  };
}

function adminView(row: typeof studyNotes.$inferSelect) {
  const { search: _search, bodyText: _t, bodyTextHi: _th, pdfKey, ...rest } = row;
  return {
    ...rest,
    month: rest.month ? rest.month.slice(0, 7) : null,
    hasPdf: pdfKey !== null,
    pdfUrl: pdfKey ? notePdfPath(row.id) : null,
  };
}

/** /admin/notes: every note (drafts too), newest first, searched by title, by kind. */
export async function listNotesForAdmin(db: Db, query: z.output<typeof adminLibraryQuerySchema>) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(or(ilike(studyNotes.title, pattern), ilike(studyNotes.titleHi, pattern)));
  }
  const kind = NOTE_KINDS.find((k) => k === query.kind);
  if (kind) conditions.push(eq(studyNotes.kind, kind));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: studyNotes.id,
        kind: studyNotes.kind,
        month: studyNotes.month,
        title: studyNotes.title,
        titleHi: studyNotes.titleHi,
        subjectId: studyNotes.subjectId,
        subjectName: subjects.name,
        topicId: studyNotes.topicId,
        topicName: topics.name,
        isFree: studyNotes.isFree,
        publishedAt: studyNotes.publishedAt,
        pdfKey: studyNotes.pdfKey,
        updatedAt: studyNotes.updatedAt,
      })
      .from(studyNotes)
      .leftJoin(subjects, eq(subjects.id, studyNotes.subjectId))
      .leftJoin(topics, eq(topics.id, studyNotes.topicId))
      .where(where)
      .orderBy(desc(studyNotes.createdAt), desc(studyNotes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(studyNotes).where(where),
  ]);
  return pageOf(
    rows.map(({ pdfKey, month, ...row }) => ({
      ...row,
      month: month ? month.slice(0, 7) : null,
      hasPdf: pdfKey !== null,
    })),
    total,
    query,
  );
}

export async function getNoteForAdmin(db: Db, id: string) {
  const [row] = await db.select().from(studyNotes).where(eq(studyNotes.id, id));
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  return adminView(row);
}

/** A PDF checked by its bytes (10 MB at most), or none when the form carries no file. */
async function readOptionalPdf(file: unknown): Promise<Buffer | null> {
  if (file === undefined || file === null || file === "") return null;
  return readPdfUpload(file);
}

export type SaveNoteInput = {
  storage: FileStorage;
  id?: string;
  data: unknown;
  file: unknown;
  adminId: string;
  now: Date;
};

/**
 * Creates or updates a note with its optional PDF in one request (the multipart form). The PDF is
 * stored first under a new key, the row written, and on any refusal the new file is removed, so
 * a refused save leaves the rows and the files as they were; a replaced PDF is deleted after.
 */
export async function saveNote(db: Db, { storage, ...input }: SaveNoteInput) {
  const data = parseNoteData(input.data);
  const pdf = await readOptionalPdf(input.file);
  const columns = noteColumns(data);
  const existing = input.id
    ? (await db.select().from(studyNotes).where(eq(studyNotes.id, input.id)))[0]
    : undefined;
  if (input.id && !existing) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  const keepsPdf = !!existing?.pdfKey && !data.removePdf && !pdf;
  if (!columns.body && !pdf && !keepsPdf) {
    throw new AppError("VALIDATION_FAILED", LIBRARY_MESSAGES.bodyOrPdf);
  }
  await checkTaxonomy(db, columns);
  const id = input.id ?? randomUUID();
  const newKey = pdf ? `${id}/${randomUUID()}.pdf` : null;
  if (pdf && newKey) await storage.put("study_files", newKey, pdf, "application/pdf");
  const pdfColumns = newKey
    ? { pdfKey: newKey, pdfBytes: pdf?.length ?? null }
    : keepsPdf
      ? {}
      : { pdfKey: null, pdfBytes: null };
  let row: typeof studyNotes.$inferSelect | undefined;
  try {
    if (existing) {
      [row] = await db
        .update(studyNotes)
        .set({ ...columns, ...pdfColumns, updatedAt: input.now })
        .where(eq(studyNotes.id, existing.id))
        .returning();
    } else {
      [row] = await db
        .insert(studyNotes)
        .values({
          id,
          ...columns,
          ...pdfColumns,
          createdBy: input.adminId,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
    }
  } catch (error) {
    if (newKey) await storage.delete("study_files", newKey);
    throw error;
  }
  if (!row) {
    if (newKey) await storage.delete("study_files", newKey);
    throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  }
  if (existing?.pdfKey && existing.pdfKey !== row.pdfKey) {
    await storage.delete("study_files", existing.pdfKey);
  }
  return adminView(row);
}

export type DeleteNoteInput = {
  storage: FileStorage;
  id: string;
};

/** Deletes a note, its bookmarks and reads (cascade) and its stored PDF. */
export async function deleteNote(db: Db, { storage, id }: DeleteNoteInput) {
  const [row] = await db
    .delete(studyNotes)
    .where(eq(studyNotes.id, id))
    .returning({ id: studyNotes.id, pdfKey: studyNotes.pdfKey });
  if (!row) throw new AppError("NOT_FOUND", LIBRARY_MESSAGES.noteNotFound);
  if (row.pdfKey) await storage.delete("study_files", row.pdfKey);
  return { id: row.id };
}
