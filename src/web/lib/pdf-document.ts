// The worker is served from the app's own build (an asset of its own, hashed), never a CDN.

import type { PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/legacy/build/pdf.worker.min.mjs?url";

/**
 * PDF answer copies drawn in the browser with pdf.js. pdf.js is large: it is imported only here,
 * lazily, so it is a chunk of its own that loads when a PDF page is first shown. The legacy build
 * is used: the modern one needs Safari 17.4 / Chrome 119 (Promise.withResolvers), which many
 * students' phones do not have.
 */
type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs").then(
    (module) => {
      module.GlobalWorkerOptions.workerSrc = workerUrl;
      return module;
    },
    (error: unknown) => {
      // A chunk that failed to load (a dropped connection) is tried again next time.
      pdfjs = null;
      throw error;
    },
  );
  return pdfjs;
}

/** A page's size as shown (PDF points), turned by its own rotation and the copy's. */
export type PdfPageSize = { width: number; height: number };

export type CopyPdf = {
  pageCount: number;
  pageSize: (pageNumber: number, rotation: number) => Promise<PdfPageSize>;
  /**
   * Draws page `pageNumber` (from 1) on `canvas`, its long side `longSide` pixels, turned by
   * `rotation` (a quarter-turn multiple) on top of its own. Aborting `signal` cancels the drawing.
   */
  renderPage: (
    pageNumber: number,
    canvas: HTMLCanvasElement,
    options: { rotation: number; longSide: number; signal?: AbortSignal },
  ) => Promise<void>;
};

function wrap(document: PDFDocumentProxy): CopyPdf {
  const turn = (own: number, rotation: number) => (((own + rotation) % 360) + 360) % 360;
  return {
    pageCount: document.numPages,
    async pageSize(pageNumber, rotation) {
      const page = await document.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1, rotation: turn(page.rotate, rotation) });
      return { width: viewport.width, height: viewport.height };
    },
    async renderPage(pageNumber, canvas, { rotation, longSide, signal }) {
      const page = await document.getPage(pageNumber);
      signal?.throwIfAborted();
      const angle = turn(page.rotate, rotation);
      const base = page.getViewport({ scale: 1, rotation: angle });
      const scale = longSide / Math.max(base.width, base.height);
      const viewport = page.getViewport({ scale, rotation: angle });
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      const task = page.render({ canvas, viewport });
      const cancel = () => task.cancel();
      signal?.addEventListener("abort", cancel, { once: true });
      try {
        await task.promise;
      } finally {
        signal?.removeEventListener("abort", cancel);
      }
    },
  };
}

type Entry = {
  document: Promise<PDFDocumentProxy>;
  users: number;
  closing: ReturnType<typeof setTimeout> | null;
};

/** How long a document nobody shows stays open, so paging back and forth does not fetch it again. */
const KEEP_OPEN_MS = 15_000;
const open = new Map<string, Entry>();

function close(url: string, entry: Entry) {
  if (open.get(url) === entry) open.delete(url);
  entry.document.then(
    (document) => document.destroy(),
    () => {},
  );
}

/**
 * Opens the PDF at `url` (same origin, the session's cookie with it) once for every page view that
 * shows one of its pages: each call must be matched by `release()`. The document is closed a
 * little after its last view goes; one that failed to open is forgotten at once, so a retry
 * fetches it again.
 */
export function openPdf(url: string): { pdf: Promise<CopyPdf>; release: () => void } {
  let entry = open.get(url);
  if (!entry) {
    const created: Entry = {
      document: loadPdfJs().then(
        (module) => module.getDocument({ url, isEvalSupported: false, enableXfa: false }).promise,
      ),
      users: 0,
      closing: null,
    };
    created.document.catch(() => {
      if (open.get(url) === created) open.delete(url);
    });
    open.set(url, created);
    entry = created;
  }
  const current = entry;
  if (current.closing) {
    clearTimeout(current.closing);
    current.closing = null;
  }
  current.users += 1;
  let released = false;
  return {
    pdf: current.document.then(wrap),
    release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users === 0)
        current.closing = setTimeout(() => close(url, current), KEEP_OPEN_MS);
    },
  };
}
