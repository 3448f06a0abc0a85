import {
  type DraftPage,
  type PageUploadTarget,
  usePageUploads,
} from "@web/components/answer-copy/use-page-uploads.ts";
import { useMemo } from "react";
import { BOOKLET_MESSAGES } from "../../../../shared/mains-test-schemas.ts";
import { BOOKLET_MAX_PAGES, BOOKLET_PDF_MAX_BYTES } from "../../../../shared/mains-tests.ts";
import { type BookletFile, deleteBookletFile, uploadBookletFile } from "../api/mains-booklet.ts";

/** A page of the booklet: what the strip shows, and what the upload needs. */
export type BookletPage = DraftPage;

/** The booklet's pages as the map counts them: a PDF's own pages, else one a photo. */
export function bookletPageCount(pages: readonly BookletPage[]): number {
  const uploaded = pages.filter((p) => p.fileId);
  const pdf = uploaded.find((p) => p.isPdf);
  return pdf ? (pdf.pdfPages ?? 0) : uploaded.length;
}

/**
 * The booklet's pages (decision 063), with the answer copy's upload flow
 * (`components/answer-copy/use-page-uploads.ts`): up to 60 pages, or one PDF of at most 40 MB.
 */
export function useBookletPages(attemptId: string, stored: readonly BookletFile[]) {
  const target = useMemo(
    (): PageUploadTarget => ({
      upload: (file, onProgress, signal) => uploadBookletFile(attemptId, file, onProgress, signal),
      remove: (fileId) => deleteBookletFile(attemptId, fileId),
      maxPages: BOOKLET_MAX_PAGES,
      pdfMaxBytes: BOOKLET_PDF_MAX_BYTES,
      messages: BOOKLET_MESSAGES,
    }),
    [attemptId],
  );
  return usePageUploads(target, stored);
}
