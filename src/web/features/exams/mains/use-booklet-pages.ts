import { moveItem, type Rotation } from "@web/components/answer-copy/page-order.ts";
import type { StripPage } from "@web/components/answer-copy/page-strip.tsx";
import { downscaleImage } from "@web/lib/downscale-image.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { msg } from "../../../../shared/i18n/msg.ts";
import { BOOKLET_MESSAGES } from "../../../../shared/mains-test-schemas.ts";
import { BOOKLET_MAX_PAGES, BOOKLET_PDF_MAX_BYTES } from "../../../../shared/mains-tests.ts";
import { type BookletFile, deleteBookletFile, uploadBookletFile } from "../api/mains-booklet.ts";

const PDF = "application/pdf";

/** A page of the booklet: what the strip shows, and what the upload needs. */
export type BookletPage = StripPage & {
  /** The server's file id once uploaded. */
  fileId: string | null;
  /** The chosen file, kept to upload again after a failure. */
  file: File | null;
  isPdf: boolean;
  /** A PDF's page count, once the server has read it. */
  pdfPages: number | null;
};

const asRotation = (value: number): Rotation =>
  value === 90 || value === 180 || value === 270 ? value : 0;

function storedPage(file: BookletFile): BookletPage {
  const isPdf = file.contentType === PDF;
  return {
    id: file.id,
    fileId: file.id,
    file: null,
    isPdf,
    pdfPages: file.pdfPages,
    thumbnailUrl: isPdf ? null : file.url,
    rotation: asRotation(file.rotation),
    state: "uploaded",
    progress: 1,
    error: null,
  };
}

const isPdfFile = (file: File) => file.type === PDF || /\.pdf$/i.test(file.name);

function objectUrl(file: File): string | null {
  if (typeof URL.createObjectURL !== "function") return null;
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

/** The booklet's pages as the map counts them: a PDF's own pages, else one a photo. */
export function bookletPageCount(pages: readonly BookletPage[]): number {
  const uploaded = pages.filter((p) => p.fileId);
  const pdf = uploaded.find((p) => p.isPdf);
  return pdf ? (pdf.pdfPages ?? 0) : uploaded.length;
}

let nextLocalId = 0;

/**
 * The booklet's pages (decision 063): those already uploaded (after a reload too), and new ones
 * chosen from the phone, each photo downscaled in the browser (a PDF goes as it is) and uploaded
 * one after the other with its progress, kept on a failure to retry. Moving and turning pages is
 * local (the draft and the submission carry the order and turns); removing an uploaded page
 * deletes its file.
 */
export function useBookletPages(attemptId: string, stored: readonly BookletFile[]) {
  // Every uploaded file, in the draft's order (the server lists those left out last).
  const [pages, setPages] = useState<BookletPage[]>(() => stored.map(storedPage));
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const controllers = useRef(new Map<string, AbortController>());
  const removed = useRef(new Set<string>());
  const urls = useRef(new Set<string>());
  const live = useRef(true);
  const current = useRef(pages);
  current.current = pages;

  useEffect(() => {
    live.current = true;
    const made = urls.current;
    const running = controllers.current;
    return () => {
      live.current = false;
      for (const controller of running.values()) controller.abort();
      for (const url of made) URL.revokeObjectURL?.(url);
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<BookletPage>) => {
    if (!live.current) return;
    setPages((list) => list.map((page) => (page.id === id ? { ...page, ...patch } : page)));
  }, []);

  const upload = useCallback(
    (id: string, file: File, isPdf: boolean) => {
      update(id, { state: "uploading", progress: 0, error: null });
      queue.current = queue.current.then(async () => {
        if (removed.current.has(id) || !live.current) return;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        try {
          const body = isPdf ? file : await downscaleImage(file);
          const result = await uploadBookletFile(
            attemptId,
            body,
            (fraction) => update(id, { progress: fraction }),
            controller.signal,
          );
          if (removed.current.has(id)) {
            void deleteBookletFile(attemptId, result.file.id).catch(() => undefined);
            return;
          }
          update(id, {
            state: "uploaded",
            progress: 1,
            fileId: result.file.id,
            pdfPages: result.file.pdfPages,
          });
        } catch (error) {
          if (controller.signal.aborted) return;
          update(id, {
            state: "failed",
            error: errorMessage(error, msg("The page could not be uploaded.")),
          });
        } finally {
          controllers.current.delete(id);
        }
      });
    },
    [attemptId, update],
  );

  /** Adds the chosen files (photos, or one PDF) as pages and uploads them in order. */
  const add = (chosen: readonly File[]) => {
    setNotice(null);
    if (chosen.length === 0) return;
    const existing = current.current;
    const pdfs = chosen.filter(isPdfFile);
    if (
      (pdfs.length > 0 && (existing.length > 0 || chosen.length > 1)) ||
      existing.some((page) => page.isPdf)
    ) {
      setNotice(BOOKLET_MESSAGES.pdfAndPhotos);
      return;
    }
    if (pdfs.some((f) => f.size > BOOKLET_PDF_MAX_BYTES)) {
      setNotice(BOOKLET_MESSAGES.pdfTooLarge);
      return;
    }
    const room = BOOKLET_MAX_PAGES - existing.length;
    const taken = chosen.slice(0, Math.max(0, room));
    if (taken.length < chosen.length) setNotice(BOOKLET_MESSAGES.tooManyPages);
    const added = taken.map((file): BookletPage => {
      const isPdf = isPdfFile(file);
      const url = isPdf ? null : objectUrl(file);
      if (url) urls.current.add(url);
      nextLocalId += 1;
      return {
        id: `new-${nextLocalId}`,
        fileId: null,
        file,
        isPdf,
        pdfPages: null,
        thumbnailUrl: url,
        rotation: 0,
        state: "uploading",
        progress: 0,
        error: null,
      };
    });
    setPages((list) => [...list, ...added]);
    for (const page of added) if (page.file) upload(page.id, page.file, page.isPdf);
  };

  const retry = (id: string) => {
    const page = current.current.find((p) => p.id === id);
    if (page?.file && page.state === "failed") upload(id, page.file, page.isPdf);
  };

  const move = (id: string, delta: -1 | 1) => setPages((list) => moveItem(list, id, delta));
  const rotate = (id: string, rotation: Rotation) => update(id, { rotation });

  /** Takes the page off at once; an upload under way stops; an uploaded file is deleted. */
  const remove = (id: string) => {
    const page = current.current.find((p) => p.id === id);
    if (!page) return;
    removed.current.add(id);
    controllers.current.get(id)?.abort();
    setPages((list) => list.filter((p) => p.id !== id));
    if (page.fileId) void deleteBookletFile(attemptId, page.fileId).catch(() => undefined);
  };

  return { pages, notice, add, retry, move, rotate, remove };
}
