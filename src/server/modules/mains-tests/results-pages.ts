import { asc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBookletAnswers, mainsBookletFiles } from "../../db/schema/mains-booklets.ts";

/** Where the web reads a booklet's file (the booklet files' route checks the reader). */
export const bookletFileUrl = (fileId: string) => `/api/mains-tests/booklet-files/${fileId}`;

/** One page of a booklet: a photo, or one page of its PDF, as the student turned it. */
export type BookletPage = {
  /** 1, 2, … in the booklet. */
  page: number;
  fileId: string;
  kind: "image" | "pdf";
  /** The page in the PDF (from 1); null for a photo. */
  pdfPage: number | null;
  rotation: 0 | 90 | 180 | 270;
};

/** An answer as written: its pages (from its start page to the page before the next answer's) or its typed text. */
export type AnswerCopy = { pages: BookletPage[]; typedText: string | null };

export type LoadAnswerCopiesInput = { bookletIds: string[] };

/**
 * The pages each answer of these booklets covers, by answer id. A booklet's pages are its
 * submitted files in order (a photo is one page, a PDF its `pdf_pages`); an answer runs from its
 * start page up to the page before the next answer's start (or the last page). A marking's
 * annotations are per page of this range: `annotations[i]` is on `pages[i]`.
 */
export async function loadAnswerCopies(
  db: DbOrTx,
  { bookletIds }: LoadAnswerCopiesInput,
): Promise<Map<string, AnswerCopy>> {
  const copies = new Map<string, AnswerCopy>();
  if (bookletIds.length === 0) return copies;
  const [files, answers] = await Promise.all([
    db
      .select({
        id: mainsBookletFiles.id,
        bookletId: mainsBookletFiles.bookletId,
        contentType: mainsBookletFiles.contentType,
        rotation: mainsBookletFiles.rotation,
        pdfPages: mainsBookletFiles.pdfPages,
      })
      .from(mainsBookletFiles)
      .where(
        sql`${inArray(mainsBookletFiles.bookletId, bookletIds)} and ${mainsBookletFiles.position} is not null`,
      )
      .orderBy(asc(mainsBookletFiles.bookletId), asc(mainsBookletFiles.position)),
    db
      .select({
        id: mainsBookletAnswers.id,
        bookletId: mainsBookletAnswers.bookletId,
        startPage: mainsBookletAnswers.startPage,
        typedText: mainsBookletAnswers.typedText,
      })
      .from(mainsBookletAnswers)
      .where(inArray(mainsBookletAnswers.bookletId, bookletIds)),
  ]);
  const pagesOf = new Map<string, BookletPage[]>();
  for (const file of files) {
    const pages = pagesOf.get(file.bookletId) ?? [];
    const rotation = file.rotation as BookletPage["rotation"];
    const isPdf = file.contentType === "application/pdf";
    const count = isPdf ? Math.max(1, file.pdfPages ?? 1) : 1;
    for (let i = 1; i <= count; i++) {
      pages.push({
        page: pages.length + 1,
        fileId: file.id,
        kind: isPdf ? "pdf" : "image",
        pdfPage: isPdf ? i : null,
        rotation,
      });
    }
    pagesOf.set(file.bookletId, pages);
  }
  const startsOf = new Map<string, number[]>();
  for (const answer of answers) {
    if (answer.startPage === null) continue;
    startsOf.set(answer.bookletId, [...(startsOf.get(answer.bookletId) ?? []), answer.startPage]);
  }
  for (const answer of answers) {
    const typedText = answer.typedText?.trim() ? answer.typedText : null;
    if (answer.startPage === null) {
      copies.set(answer.id, { pages: [], typedText });
      continue;
    }
    const pages = pagesOf.get(answer.bookletId) ?? [];
    const start = answer.startPage;
    const later = (startsOf.get(answer.bookletId) ?? []).filter((p) => p > start);
    const end = later.length > 0 ? Math.min(...later) - 1 : pages.length;
    copies.set(answer.id, {
      pages: pages.filter((p) => p.page >= start && p.page <= end),
      typedText,
    });
  }
  return copies;
}
