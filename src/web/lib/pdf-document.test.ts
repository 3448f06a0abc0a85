import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// pdf.js itself is replaced: this checks the loader's own work (the worker, sharing, closing).
const pdfjs = vi.hoisted(() => ({
  GlobalWorkerOptions: { workerSrc: "" },
  getDocument: vi.fn(),
}));
vi.mock("pdfjs-dist/legacy/build/pdf.mjs", () => pdfjs);
vi.mock("pdfjs-dist/legacy/build/pdf.worker.min.mjs?url", () => ({
  default: "/assets/pdf.worker.min-Bx1.mjs",
}));

const { openPdf } = await import("./pdf-document.ts");

type Viewport = { width: number; height: number };

function fakeDocument(options: { rotate?: number; size?: Viewport } = {}) {
  const { width, height } = options.size ?? { width: 600, height: 800 };
  const task = { promise: new Promise<void>(() => {}), cancel: vi.fn() };
  const page = {
    rotate: options.rotate ?? 0,
    getViewport: vi.fn(({ scale, rotation }: { scale: number; rotation: number }) =>
      rotation % 180 === 0
        ? { width: width * scale, height: height * scale }
        : { width: height * scale, height: width * scale },
    ),
    render: vi.fn(() => task),
  };
  return {
    numPages: 3,
    getPage: vi.fn(async () => page),
    destroy: vi.fn(async () => {}),
    page,
    task,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  pdfjs.getDocument.mockReset();
});
afterEach(() => vi.useRealTimers());

describe("openPdf", () => {
  it("sets the self-hosted worker and opens a document once for every view of it", async () => {
    const document = fakeDocument();
    pdfjs.getDocument.mockReturnValue({ promise: Promise.resolve(document) });
    const first = openPdf("/api/copies/a/file");
    const second = openPdf("/api/copies/a/file");
    const [one, two] = await Promise.all([first.pdf, second.pdf]);
    expect(pdfjs.GlobalWorkerOptions.workerSrc).toBe("/assets/pdf.worker.min-Bx1.mjs");
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(1);
    expect(pdfjs.getDocument).toHaveBeenCalledWith({
      url: "/api/copies/a/file",
      isEvalSupported: false,
      enableXfa: false,
    });
    expect(one.pageCount).toBe(3);
    expect(two.pageCount).toBe(3);

    // Closed a while after the last view goes; a view coming back in time keeps it open.
    first.release();
    second.release();
    second.release(); // twice is once
    await vi.advanceTimersByTimeAsync(10_000);
    const third = openPdf("/api/copies/a/file");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(document.destroy).not.toHaveBeenCalled();
    third.release();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(document.destroy).toHaveBeenCalledTimes(1);
    const reopened = openPdf("/api/copies/a/file");
    await reopened.pdf;
    reopened.release();
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(2);
  });

  it("forgets a document that failed to open, so a retry fetches it again", async () => {
    pdfjs.getDocument.mockReturnValueOnce({ promise: Promise.reject(new Error("Missing PDF")) });
    const failed = openPdf("/b.pdf");
    await expect(failed.pdf).rejects.toThrow("Missing PDF");
    failed.release();
    pdfjs.getDocument.mockReturnValueOnce({ promise: Promise.resolve(fakeDocument()) });
    await expect(openPdf("/b.pdf").pdf).resolves.toHaveProperty("pageCount", 3);
    expect(pdfjs.getDocument).toHaveBeenCalledTimes(2);
  });

  it("sizes and draws a page turned by its own rotation and the copy's", async () => {
    const document = fakeDocument({ rotate: 90, size: { width: 600, height: 800 } });
    pdfjs.getDocument.mockReturnValue({ promise: Promise.resolve(document) });
    const pdf = await openPdf("/c.pdf").pdf;
    // Its own quarter turn and the copy's: upside down, upright proportions.
    await expect(pdf.pageSize(2, 90)).resolves.toEqual({ width: 600, height: 800 });
    expect(document.page.getViewport).toHaveBeenLastCalledWith({ scale: 1, rotation: 180 });
    await expect(pdf.pageSize(2, 0)).resolves.toEqual({ width: 800, height: 600 });

    const canvas = globalThis.document.createElement("canvas");
    const controller = new AbortController();
    void pdf.renderPage(2, canvas, { rotation: 0, longSide: 2000, signal: controller.signal });
    await vi.waitFor(() => expect(document.page.render).toHaveBeenCalled());
    expect(canvas.width).toBe(2000);
    expect(canvas.height).toBe(1500);
    controller.abort();
    expect(document.task.cancel).toHaveBeenCalled();
  });
});
