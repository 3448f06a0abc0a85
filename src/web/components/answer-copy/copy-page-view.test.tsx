import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CopyPdf } from "@web/lib/pdf-document.ts";
import { openPdf } from "@web/lib/pdf-document.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PageAnnotations } from "../../../shared/evaluation.ts";
import { CopyPageView } from "./copy-page-view.tsx";

// pdf.js cannot draw in jsdom: the loader is replaced, and each test says what it answers.
vi.mock("@web/lib/pdf-document.ts", () => ({ openPdf: vi.fn() }));
const mockedOpenPdf = vi.mocked(openPdf);

afterEach(() => mockedOpenPdf.mockReset());

const NOTES: PageAnnotations = {
  strokes: [],
  stamps: [],
  notes: [{ at: [0.5, 0.5], text: "Good use of the Sarkaria Commission." }],
};

/** The photo "loads" at the given natural size (jsdom loads no images). */
function loadPhoto(width: number, height: number) {
  const image = screen.getByRole("img", { name: "Page 2 of the answer" }) as HTMLImageElement;
  Object.defineProperty(image, "naturalWidth", { value: width, configurable: true });
  Object.defineProperty(image, "naturalHeight", { value: height, configurable: true });
  fireEvent.load(image);
  return image;
}

const pageBox = () => screen.getByTestId("copy-page");

function fakePdf(overrides: Partial<CopyPdf> = {}): CopyPdf {
  return {
    pageCount: 4,
    pageSize: vi.fn(async () => ({ width: 600, height: 800 })),
    renderPage: vi.fn(async () => {}),
    ...overrides,
  };
}

describe("CopyPageView with a photo", () => {
  it("shows the photo, sized by its own proportions, with the annotations over it", () => {
    render(
      <CopyPageView
        source={{ kind: "image", url: "/p/1.jpg" }}
        pageNumber={2}
        annotations={NOTES}
      />,
    );
    expect(screen.getByText("Loading page 2")).toBeInTheDocument();
    // No layer until the page's proportions are known.
    expect(screen.queryByRole("button", { name: "Comment 1" })).toBeNull();
    const image = loadPhoto(1000, 1500);
    expect(image.getAttribute("src")).toBe("/p/1.jpg");
    expect(pageBox().style.aspectRatio).toBe("1 / 1.5");
    expect(screen.queryByText("Loading page 2")).toBeNull();
    expect(screen.getByRole("button", { name: "Comment 1" })).toBeInTheDocument();
    // Read-only: nothing to draw with.
    expect(screen.queryByRole("application")).toBeNull();
    // The comments are listed for screen readers.
    expect(screen.getByRole("region", { name: "Comments on page 2" })).toHaveTextContent(
      "Good use of the Sarkaria Commission.",
    );
  });

  it("starts from nothing for the next page: no layer until it has loaded", () => {
    const { rerender } = render(
      <CopyPageView
        source={{ kind: "image", url: "/p/1.jpg" }}
        pageNumber={2}
        annotations={NOTES}
      />,
    );
    loadPhoto(1000, 1500);
    expect(screen.getByRole("button", { name: "Comment 1" })).toBeInTheDocument();
    rerender(
      <CopyPageView
        source={{ kind: "image", url: "/p/2.jpg" }}
        pageNumber={2}
        annotations={NOTES}
      />,
    );
    expect(screen.getByText("Loading page 2")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Comment 1" })).toBeNull();
    loadPhoto(1200, 1200);
    expect(pageBox().style.aspectRatio).toBe("1 / 1");
    expect(screen.getByRole("button", { name: "Comment 1" })).toBeInTheDocument();
  });

  it("turns a photo a quarter: the page box takes the turned proportions", () => {
    render(
      <CopyPageView source={{ kind: "image", url: "/p/1.jpg" }} rotation={90} pageNumber={2} />,
    );
    const image = loadPhoto(1000, 1500);
    expect(pageBox().style.aspectRatio).toBe(`1 / ${1000 / 1500}`);
    expect(image.style.transform).toBe("translate(-50%, -50%) rotate(90deg)");
    expect(image.style.width).toBe(`${(1000 / 1500) * 100}%`);
  });

  it("zooms in and out by steps, from 100 % to 400 %", async () => {
    render(<CopyPageView source={{ kind: "image", url: "/p/1.jpg" }} pageNumber={2} />);
    loadPhoto(1000, 1400);
    const zoomIn = screen.getByRole("button", { name: "Zoom in" });
    const zoomOut = screen.getByRole("button", { name: "Zoom out" });
    expect(zoomOut).toBeDisabled();
    expect(pageBox().style.width).toBe("100%");
    await userEvent.click(zoomIn);
    expect(pageBox().style.width).toBe("150%");
    expect(screen.getByRole("region", { name: "Page 2, zoomed to 150%" })).toBeInTheDocument();
    for (let i = 0; i < 3; i += 1) await userEvent.click(zoomIn);
    expect(pageBox().style.width).toBe("400%");
    expect(zoomIn).toBeDisabled();
    await userEvent.click(zoomOut);
    expect(pageBox().style.width).toBe("300%");
  });

  it("says when a photo cannot be shown, and tries again", async () => {
    render(<CopyPageView source={{ kind: "image", url: "/p/1.jpg" }} pageNumber={2} />);
    const first = screen.getByRole("img", { name: "Page 2 of the answer" });
    fireEvent.error(first);
    expect(screen.getByRole("alert")).toHaveTextContent("Page 2 could not be shown.");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("img", { name: "Page 2 of the answer" })).not.toBe(first);
  });

  it("edits the annotations with the tool given", () => {
    const onChange = vi.fn();
    render(
      <CopyPageView
        source={{ kind: "image", url: "/p/1.jpg" }}
        pageNumber={2}
        tool="tick"
        onAnnotationsChange={onChange}
      />,
    );
    loadPhoto(1000, 1400);
    const layer = screen.getByRole("application", { name: "Annotate page 2" });
    vi.spyOn(layer, "getBoundingClientRect").mockReturnValue({
      left: 0,
      top: 0,
      width: 400,
      height: 560,
    } as DOMRect);
    fireEvent.pointerDown(layer, { clientX: 100, clientY: 280, pointerId: 1, pointerType: "pen" });
    fireEvent.pointerUp(layer, { clientX: 100, clientY: 280, pointerId: 1, pointerType: "pen" });
    expect(onChange).toHaveBeenCalledWith({
      strokes: [],
      notes: [],
      stamps: [{ at: [0.25, 0.5], kind: "tick" }],
    });
  });
});

describe("CopyPageView with a PDF page", () => {
  it("draws the page from the shared document, turned, at the photos' long side", async () => {
    const pdf = fakePdf();
    const release = vi.fn();
    mockedOpenPdf.mockReturnValue({ pdf: Promise.resolve(pdf), release });
    const { unmount } = render(
      <CopyPageView
        source={{ kind: "pdf", url: "/api/copies/c1/file", page: 3 }}
        rotation={90}
        pageNumber={3}
        annotations={NOTES}
      />,
    );
    expect(mockedOpenPdf).toHaveBeenCalledWith("/api/copies/c1/file");
    await waitFor(() => expect(screen.queryByText("Loading page 3")).toBeNull());
    expect(pdf.pageSize).toHaveBeenCalledWith(3, 90);
    const canvas = screen.getByRole("img", { name: "Page 3 of the answer" });
    expect(pdf.renderPage).toHaveBeenCalledWith(3, canvas, {
      rotation: 90,
      longSide: 2000,
      signal: expect.any(AbortSignal),
    });
    expect(pageBox().style.aspectRatio).toBe(`1 / ${800 / 600}`);
    expect(screen.getByRole("button", { name: "Comment 1" })).toBeInTheDocument();
    unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("says so when the PDF cannot be opened", async () => {
    mockedOpenPdf.mockReturnValue({
      pdf: Promise.reject(new Error("Invalid PDF structure")),
      release: vi.fn(),
    });
    render(<CopyPageView source={{ kind: "pdf", url: "/x.pdf", page: 1 }} pageNumber={1} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Page 1 could not be shown.");
  });

  it("says so for a page the PDF does not have", async () => {
    mockedOpenPdf.mockReturnValue({ pdf: Promise.resolve(fakePdf()), release: vi.fn() });
    render(<CopyPageView source={{ kind: "pdf", url: "/x.pdf", page: 9 }} pageNumber={9} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Page 9 could not be shown.");
  });

  it("cancels a drawing still under way when the page goes", async () => {
    let signal: AbortSignal | undefined;
    const pdf = fakePdf({
      renderPage: vi.fn((_page, _canvas, options) => {
        signal = options.signal;
        return new Promise<void>(() => {});
      }),
    });
    mockedOpenPdf.mockReturnValue({ pdf: Promise.resolve(pdf), release: vi.fn() });
    const { unmount } = render(
      <CopyPageView source={{ kind: "pdf", url: "/x.pdf", page: 1 }} pageNumber={1} />,
    );
    await waitFor(() => expect(pdf.renderPage).toHaveBeenCalled());
    expect(signal?.aborted).toBe(false);
    act(() => unmount());
    expect(signal?.aborted).toBe(true);
  });
});
