import { Button } from "@web/components/ui/button.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { cn } from "@web/lib/cn.ts";
import { type CopyPdf, openPdf } from "@web/lib/pdf-document.ts";
import { AlertTriangle, ZoomIn, ZoomOut } from "lucide-react";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  COPY_IMAGE_LONG_SIDE,
  EMPTY_PAGE_ANNOTATIONS,
  type PageAnnotations,
} from "../../../shared/evaluation.ts";
import { AnnotationLayer, AnnotationNoteList } from "./annotation-layer.tsx";
import type { AnnotationTool, StrokeColour } from "./annotation-tools.ts";
import { isSideways, type Rotation } from "./page-order.ts";

/** Where a page comes from: a photo, or one page (from 1) of the copy's PDF. */
export type CopyPageSource =
  | { kind: "image"; url: string }
  | { kind: "pdf"; url: string; page: number };

/** The zoom steps, as multiples of the width the page fits. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

export type CopyPageViewProps = {
  source: CopyPageSource;
  /** The quarter turn the student gave the page (default 0); annotations sit on the page as turned. */
  rotation?: Rotation;
  /** The page's number in the copy: "Page N" in names and labels. */
  pageNumber: number;
  annotations?: PageAnnotations;
  /** Editing: the tool in use and where changes go. Without both, the annotations are only drawn. */
  tool?: AnnotationTool;
  onAnnotationsChange?: (next: PageAnnotations) => void;
  colour?: StrokeColour;
  /** Shows the numbered list of comments under the page (always there for screen readers). */
  showNoteList?: boolean;
  className?: string;
  /** Classes for the scrolling box (its default height bound is `max-h-[85dvh]`). */
  viewportClassName?: string;
};

type Status = "loading" | "ready" | "failed";
type Size = { width: number; height: number };

/**
 * One page of an answer copy, zoomable, with its annotations over it. A photo is an `<img>` turned
 * by CSS; a PDF page is drawn by pdf.js on a canvas (loaded lazily; the mocked loader in tests)
 * when it first scrolls near the screen, its long side 2000 px like a photo's. The page fits the
 * width at 100 %; "Zoom in" and "Zoom out" step to 400 % inside a box that scrolls both ways,
 * keeping the middle of the view where it was. Pinching zooms the whole page as usual, except
 * over the page while the pen is in hand.
 */
export function CopyPageView({
  source,
  rotation = 0,
  pageNumber,
  annotations = EMPTY_PAGE_ANNOTATIONS,
  tool,
  onAnnotationsChange,
  colour,
  showNoteList = false,
  className,
  viewportClassName,
}: CopyPageViewProps) {
  const { t } = useTranslation();
  const [zoomIndex, setZoomIndex] = useState(0);
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;
  const [attempt, setAttempt] = useState(0);
  // What the page said (its size, whether it could be shown) holds for the source it came from:
  // a new page, or a retry, starts from nothing without an effect racing a cached photo's load.
  const sourceKey = `${source.kind}|${source.url}|${source.kind === "pdf" ? source.page : 0}|${attempt}`;
  /** A photo's own size, or a PDF page's as turned; null until the photo or the PDF page says. */
  const [sizeOf, setSizeOf] = useState<{ key: string; size: Size } | null>(null);
  const [statusOf, setStatusOf] = useState<{ key: string; status: Status } | null>(null);
  const size = sizeOf?.key === sourceKey ? sizeOf.size : null;
  const status: Status = statusOf?.key === sourceKey ? statusOf.status : "loading";
  const setSize = (next: Size) => setSizeOf({ key: sourceKey, size: next });
  const setStatus = (next: Status) => setStatusOf({ key: sourceKey, status: next });
  const viewport = useRef<HTMLElement>(null);
  const keepCentre = useRef<{ x: number; y: number } | null>(null);

  const changeZoom = (delta: number) => {
    const box = viewport.current;
    if (box && box.scrollWidth > 0) {
      keepCentre.current = {
        x: (box.scrollLeft + box.clientWidth / 2) / box.scrollWidth,
        y: (box.scrollTop + box.clientHeight / 2) / box.scrollHeight,
      };
    }
    setZoomIndex((index) => Math.min(ZOOM_STEPS.length - 1, Math.max(0, index + delta)));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each zoom step.
  useLayoutEffect(() => {
    const box = viewport.current;
    const centre = keepCentre.current;
    keepCentre.current = null;
    if (!box || !centre) return;
    box.scrollLeft = centre.x * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = centre.y * box.scrollHeight - box.clientHeight / 2;
  }, [zoom]);

  /** The page's height over its width as shown (turned). */
  const aspect =
    size === null
      ? null
      : source.kind === "image" && isSideways(rotation)
        ? size.width / size.height
        : size.height / size.width;
  const shownAspect = aspect ?? Math.SQRT2;
  const editing = tool !== undefined && onAnnotationsChange !== undefined;

  return (
    <figure className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <figcaption className="font-medium">{t("Page {{page}}", { page: pageNumber })}</figcaption>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            size="icon"
            variant="outline"
            onClick={() => changeZoom(-1)}
            disabled={zoomIndex === 0}
            aria-label={t("Zoom out")}
            title={t("Zoom out")}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <output className="w-12 text-center text-sm tabular-nums">
            {Math.round(zoom * 100)}%
          </output>
          <Button
            type="button"
            size="icon"
            variant="outline"
            onClick={() => changeZoom(1)}
            disabled={zoomIndex === ZOOM_STEPS.length - 1}
            aria-label={t("Zoom in")}
            title={t("Zoom in")}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
      </div>
      <section
        ref={viewport}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard.
        tabIndex={0}
        aria-label={t("Page {{page}}, zoomed to {{percent}}%", {
          page: pageNumber,
          percent: Math.round(zoom * 100),
        })}
        className={cn(
          "max-h-[85dvh] overflow-auto overscroll-contain rounded-md border bg-muted",
          viewportClassName,
        )}
      >
        <div
          className="relative bg-white"
          style={{ width: `${zoom * 100}%`, aspectRatio: `1 / ${shownAspect}` }}
          data-testid="copy-page"
        >
          {source.kind === "image" ? (
            <PhotoPage
              key={`${source.url}#${attempt}`}
              url={source.url}
              rotation={rotation}
              aspect={shownAspect}
              alt={t("Page {{page}} of the answer", { page: pageNumber })}
              onSize={(width, height) => {
                setSize({ width, height });
                setStatus("ready");
              }}
              onError={() => setStatus("failed")}
            />
          ) : (
            <PdfPage
              key={`${source.url}#${attempt}`}
              url={source.url}
              page={source.page}
              rotation={rotation}
              label={t("Page {{page}} of the answer", { page: pageNumber })}
              onSize={setSize}
              onReady={() => setStatus("ready")}
              onError={() => setStatus("failed")}
            />
          )}
          {status === "loading" ? (
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner label={t("Loading page {{page}}", { page: pageNumber })} />
            </div>
          ) : null}
          {status === "failed" ? (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-4 text-center"
            >
              <AlertTriangle className="size-6 text-destructive" aria-hidden="true" />
              <p className="text-sm">
                {t("Page {{page}} could not be shown.", { page: pageNumber })}
              </p>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => setAttempt((n) => n + 1)}
              >
                {t("Retry")}
              </Button>
            </div>
          ) : null}
          {aspect !== null && status !== "failed" ? (
            <AnnotationLayer
              value={annotations}
              aspectRatio={aspect}
              pageNumber={pageNumber}
              {...(editing ? { tool, onChange: onAnnotationsChange, colour } : {})}
            />
          ) : null}
        </div>
      </section>
      <AnnotationNoteList value={annotations} pageNumber={pageNumber} visible={showNoteList} />
    </figure>
  );
}

function PhotoPage(props: {
  url: string;
  rotation: Rotation;
  aspect: number;
  alt: string;
  onSize: (width: number, height: number) => void;
  onError: () => void;
}) {
  const sideways = isSideways(props.rotation);
  // Turned a quarter, the photo's width is the box's height: sized as the box turned, then turned.
  const style = sideways
    ? {
        width: `${props.aspect * 100}%`,
        height: `${100 / props.aspect}%`,
        left: "50%",
        top: "50%",
        transform: `translate(-50%, -50%) rotate(${props.rotation}deg)`,
      }
    : { inset: 0, width: "100%", height: "100%", transform: `rotate(${props.rotation}deg)` };
  return (
    <img
      src={props.url}
      alt={props.alt}
      draggable={false}
      className="absolute max-w-none select-none object-fill"
      style={style}
      onLoad={(event) => {
        const image = event.currentTarget;
        if (image.naturalWidth > 0 && image.naturalHeight > 0)
          props.onSize(image.naturalWidth, image.naturalHeight);
        else props.onError();
      }}
      onError={props.onError}
    />
  );
}

/** Whether the element is on screen or near it (always, where IntersectionObserver is missing). */
function useNearScreen(target: RefObject<Element | null>) {
  const [near, setNear] = useState(typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = target.current;
    if (near || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

function PdfPage(props: {
  url: string;
  page: number;
  rotation: Rotation;
  label: string;
  onSize: (size: { width: number; height: number }) => void;
  onReady: () => void;
  onError: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<CopyPdf | null>(null);
  const near = useNearScreen(canvas);
  const { url, page, rotation, onSize, onReady, onError } = props;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks are the parent's.
  useEffect(() => {
    const handle = openPdf(url);
    let live = true;
    handle.pdf.then(
      (loaded) => {
        if (live) setPdf(loaded);
      },
      () => {
        if (live) onError();
      },
    );
    return () => {
      live = false;
      handle.release();
    };
  }, [url]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks are the parent's.
  useEffect(() => {
    if (!pdf) return;
    if (page < 1 || page > pdf.pageCount) {
      onError();
      return;
    }
    let live = true;
    pdf.pageSize(page, rotation).then(
      (size) => {
        if (live) onSize(size);
      },
      () => {
        if (live) onError();
      },
    );
    return () => {
      live = false;
    };
  }, [pdf, page, rotation]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks are the parent's.
  useEffect(() => {
    const element = canvas.current;
    if (!pdf || !near || !element || page < 1 || page > pdf.pageCount) return;
    const controller = new AbortController();
    pdf
      .renderPage(page, element, {
        rotation,
        longSide: COPY_IMAGE_LONG_SIDE,
        signal: controller.signal,
      })
      .then(
        () => {
          if (!controller.signal.aborted) onReady();
        },
        () => {
          if (!controller.signal.aborted) onError();
        },
      );
    return () => controller.abort();
  }, [pdf, near, page, rotation]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={props.label}
      className="absolute inset-0 size-full"
    />
  );
}
