import { Button } from "@web/components/ui/button.tsx";
import { cn } from "@web/lib/cn.ts";
import {
  ArrowDown,
  ArrowUp,
  CircleAlert,
  CircleCheck,
  FileImage,
  RefreshCw,
  RotateCw,
  Trash2,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { nextRotation, type Rotation } from "./page-order.ts";

export type PageUploadState = "uploading" | "uploaded" | "failed";

/** One chosen page as the strip shows it; the page that owns the uploads keeps these. */
export type StripPage = {
  /** Stable while the page is on the list (a client id; the server's id once uploaded). */
  id: string;
  /** An object URL of the photo (or the server's URL); null, or one that fails, shows a placeholder. */
  thumbnailUrl: string | null;
  rotation: Rotation;
  state: PageUploadState;
  /** The share uploaded, 0 to 1 (read while `state` is "uploading"). */
  progress: number;
  /** Why the upload failed, already in words (errorMessage); shown under a failed page. */
  error?: string | null;
};

export type PageStripProps = {
  pages: readonly StripPage[];
  /** Move the page one place up (−1) or down (+1); `moveItem` in page-order.ts does it. */
  onMove: (id: string, delta: -1 | 1) => void;
  /** Turn the page a quarter clockwise: `rotation` is its new rotation. */
  onRotate: (id: string, rotation: Rotation) => void;
  onRemove: (id: string) => void;
  /** Upload a failed page again. */
  onRetry: (id: string) => void;
  /** While the copy is being submitted: every control is disabled. */
  disabled?: boolean;
  className?: string;
};

type Action = "up" | "down" | "rotate" | "remove" | "retry";

/**
 * The pages a student has chosen, in order: a thumbnail turned as the page will be, "Page N",
 * its upload's progress (or "Uploaded", or why it failed and "Retry"), and buttons to move it up
 * or down, turn it and remove it. Props in, callbacks out: no network. After a move or a removal
 * the keyboard focus stays with the page moved (or goes to the next one), and a live region says
 * what happened.
 */
export function PageStrip({
  pages,
  onMove,
  onRotate,
  onRemove,
  onRetry,
  disabled = false,
  className,
}: PageStripProps) {
  const { t } = useTranslation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<{ id: string; action: Action } | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const register = (id: string, action: Action) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${id}:${action}`, element);
    else buttons.current.delete(`${id}:${action}`);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the parent's list changes.
  useEffect(() => {
    if (!focusNext) return;
    const { id, action } = focusNext;
    const order: Action[] =
      action === "up" ? ["up", "down"] : action === "down" ? ["down", "up"] : [action, "remove"];
    for (const candidate of order) {
      const button = buttons.current.get(`${id}:${candidate}`);
      if (button && !button.disabled) {
        button.focus();
        break;
      }
    }
    setFocusNext(null);
  }, [pages]);

  const move = (index: number, id: string, delta: -1 | 1) => {
    setFocusNext({ id, action: delta < 0 ? "up" : "down" });
    setAnnouncement(
      t("Page {{from}} is now page {{to}}.", { from: index + 1, to: index + 1 + delta }),
    );
    onMove(id, delta);
  };
  const remove = (index: number, id: string) => {
    const neighbour = pages[index + 1] ?? pages[index - 1];
    if (neighbour) setFocusNext({ id: neighbour.id, action: "remove" });
    setAnnouncement(t("Page {{page}} removed.", { page: index + 1 }));
    onRemove(id);
  };
  const rotate = (index: number, page: StripPage) => {
    const rotation = nextRotation(page.rotation);
    setAnnouncement(
      t("Page {{page}} turned to {{degrees}}°.", { page: index + 1, degrees: rotation }),
    );
    onRotate(page.id, rotation);
  };

  return (
    <div className={className}>
      <ol aria-label={t("Answer pages")} className="grid gap-3">
        {pages.map((page, index) => {
          const number = index + 1;
          return (
            <li
              key={page.id}
              className={cn(
                "grid grid-cols-[5rem_1fr] gap-3 rounded-lg border bg-background p-2",
                page.state === "failed" && "border-destructive",
              )}
            >
              <Thumbnail url={page.thumbnailUrl} rotation={page.rotation} />
              <div className="grid min-w-0 content-start gap-2">
                <div className="flex flex-wrap items-center justify-between gap-x-2">
                  <span className="font-medium">{t("Page {{page}}", { page: number })}</span>
                  <UploadStatus page={page} />
                </div>
                {page.state === "uploading" ? (
                  <ProgressBar value={page.progress} number={number} />
                ) : null}
                {page.state === "failed" ? (
                  <div className="flex flex-wrap items-center gap-2">
                    {page.error ? (
                      <p className="min-w-0 flex-1 text-sm text-destructive">{page.error}</p>
                    ) : null}
                    <Button
                      ref={register(page.id, "retry")}
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={disabled}
                      onClick={() => onRetry(page.id)}
                      aria-label={t("Retry page {{page}}", { page: number })}
                    >
                      <RefreshCw aria-hidden="true" />
                      {t("Retry")}
                    </Button>
                  </div>
                ) : null}
                <div className="flex flex-wrap gap-1">
                  <Button
                    ref={register(page.id, "up")}
                    type="button"
                    size="icon"
                    variant="outline"
                    disabled={disabled || index === 0}
                    onClick={() => move(index, page.id, -1)}
                    aria-label={t("Move page {{page}} up", { page: number })}
                    title={t("Move up")}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    ref={register(page.id, "down")}
                    type="button"
                    size="icon"
                    variant="outline"
                    disabled={disabled || index === pages.length - 1}
                    onClick={() => move(index, page.id, 1)}
                    aria-label={t("Move page {{page}} down", { page: number })}
                    title={t("Move down")}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    ref={register(page.id, "rotate")}
                    type="button"
                    size="icon"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => rotate(index, page)}
                    aria-label={t("Rotate page {{page}}", { page: number })}
                    title={t("Rotate")}
                  >
                    <RotateCw aria-hidden="true" />
                  </Button>
                  <Button
                    ref={register(page.id, "remove")}
                    type="button"
                    size="icon"
                    variant="outline"
                    disabled={disabled}
                    onClick={() => remove(index, page.id)}
                    aria-label={t("Remove page {{page}}", { page: number })}
                    title={t("Remove")}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function Thumbnail({ url, rotation }: { url: string | null; rotation: Rotation }) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = url !== null && broken !== url;
  return (
    <div className="flex size-20 items-center justify-center overflow-hidden rounded-md bg-muted">
      {shown ? (
        <img
          src={url}
          alt=""
          className="size-full object-contain transition-transform"
          style={{ transform: `rotate(${rotation}deg)` }}
          onError={() => setBroken(url)}
          data-rotation={rotation}
        />
      ) : (
        <FileImage
          className="size-8 text-muted-foreground transition-transform"
          style={{ transform: `rotate(${rotation}deg)` }}
          aria-hidden="true"
        />
      )}
    </div>
  );
}

function ProgressBar({ value, number }: { value: number; number: number }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={t("Page {{page}} upload progress", { page: number })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

function UploadStatus({ page }: { page: StripPage }) {
  const { t } = useTranslation();
  if (page.state === "uploading") {
    const percent = Math.round(Math.min(1, Math.max(0, page.progress)) * 100);
    return (
      <span className="text-sm text-muted-foreground">
        {t("Uploading {{percent}}%", { percent })}
      </span>
    );
  }
  if (page.state === "uploaded") {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-success">
        <CircleCheck className="size-4" aria-hidden="true" />
        {t("Uploaded")}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-sm text-destructive">
      <CircleAlert className="size-4" aria-hidden="true" />
      {t("Upload failed")}
    </span>
  );
}
