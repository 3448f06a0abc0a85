import { moveItem, type Rotation } from "@web/components/answer-copy/page-order.ts";
import type { StripPage } from "@web/components/answer-copy/page-strip.tsx";
import { downscaleImage } from "@web/lib/downscale-image.ts";
import { errorMessage } from "@web/lib/error-message.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { msg } from "../../../shared/i18n/msg.ts";

const PDF = "application/pdf";

/** A page of a draft (an answer copy, a Mains booklet): what the strip shows, what the upload needs. */
export type DraftPage = StripPage & {
  /** The server's file id once uploaded. */
  fileId: string | null;
  /** The chosen file, kept to upload again after a failure. */
  file: File | null;
  isPdf: boolean;
  /** A PDF's page count, once the server has read it. */
  pdfPages: number | null;
};

/** A draft's file as the server lists it. */
export type StoredFile = {
  id: string;
  url: string;
  contentType: string;
  pdfPages: number | null;
  rotation: number;
};

const asRotation = (value: number): Rotation =>
  value === 90 || value === 180 || value === 270 ? value : 0;

function storedPage(file: StoredFile): DraftPage {
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

let nextLocalId = 0;

/** Where a draft's pages go, and its limits: an answer copy's, or a Mains booklet's. */
export type PageUploadTarget = {
  /** Uploads one page (a downscaled photo, or the PDF as it is) with its progress. */
  upload: (
    file: Blob,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ) => Promise<{ file: { id: string; pdfPages: number | null } }>;
  /** Deletes an uploaded file. */
  remove: (fileId: string) => Promise<unknown>;
  maxPages: number;
  /** A PDF above it is refused before it is sent (null: the server's check only). */
  pdfMaxBytes: number | null;
  /** The refusals, as keys shown through t(). */
  messages: { pdfAndPhotos: string; tooManyPages: string; pdfTooLarge: string };
};

/**
 * The pages of a student's draft: those already uploaded (after a reload too), and new ones
 * chosen from the phone, each downscaled (a photo; a PDF goes as it is) and uploaded one after
 * the other with its progress, kept on a failure to retry. Moving and turning pages is local
 * (the order and turns go with the submission); removing an uploaded page deletes its file.
 * `target` is read when an upload or a removal starts, so it may change between renders.
 */
export function usePageUploads(target: PageUploadTarget, stored: readonly StoredFile[]) {
  const targetRef = useRef(target);
  targetRef.current = target;
  const [pages, setPages] = useState<DraftPage[]>(() => stored.map(storedPage));
  /** Why the last choice of files was refused in part (too many pages, a PDF beside photos). */
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

  const update = useCallback((id: string, patch: Partial<DraftPage>) => {
    if (!live.current) return;
    setPages((list) => list.map((page) => (page.id === id ? { ...page, ...patch } : page)));
  }, []);

  /** Queues the page's upload after those before it: one at a time on a slow connection. */
  const upload = useCallback(
    (id: string, file: File, isPdf: boolean) => {
      update(id, { state: "uploading", progress: 0, error: null });
      queue.current = queue.current.then(async () => {
        if (removed.current.has(id) || !live.current) return;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        try {
          const body = isPdf ? file : await downscaleImage(file);
          const result = await targetRef.current.upload(
            body,
            (fraction) => update(id, { progress: fraction }),
            controller.signal,
          );
          if (removed.current.has(id)) {
            // Removed while it was going up: the file arrived anyway, so it goes again.
            void targetRef.current.remove(result.file.id).catch(() => undefined);
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
    [update],
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
      setNotice(target.messages.pdfAndPhotos);
      return;
    }
    const { pdfMaxBytes } = target;
    if (pdfMaxBytes !== null && pdfs.some((f) => f.size > pdfMaxBytes)) {
      setNotice(target.messages.pdfTooLarge);
      return;
    }
    const room = target.maxPages - existing.length;
    const taken = chosen.slice(0, Math.max(0, room));
    if (taken.length < chosen.length) setNotice(target.messages.tooManyPages);
    const added = taken.map((file): DraftPage => {
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

  /**
   * Takes the page off the list at once; an upload under way is stopped, and an uploaded file is
   * deleted (one the server kept anyway is left out of the submission, which deletes it).
   */
  const remove = (id: string) => {
    const page = current.current.find((p) => p.id === id);
    if (!page) return;
    removed.current.add(id);
    controllers.current.get(id)?.abort();
    setPages((list) => list.filter((p) => p.id !== id));
    if (page.fileId) void targetRef.current.remove(page.fileId).catch(() => undefined);
  };

  return { pages, notice, add, retry, move, rotate, remove };
}
