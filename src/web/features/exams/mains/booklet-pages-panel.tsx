import { PageStrip } from "@web/components/answer-copy/page-strip.tsx";
import { InlineAlert } from "@web/components/ui/states.tsx";
import { cn } from "@web/lib/cn.ts";
import { Camera, FileUp } from "lucide-react";
import { type ChangeEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { BOOKLET_MAX_PAGES } from "../../../../shared/mains-tests.ts";
import type { useBookletPages } from "./use-booklet-pages.ts";

/** A file input drawn as a button: the label is what shows; the input takes the focus. */
function FilePicker(props: {
  label: string;
  icon: typeof Camera;
  capture?: boolean;
  multiple?: boolean;
  accept: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  variant?: "default" | "outline";
}) {
  const id = useId();
  const Icon = props.icon;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    // The same photo can be chosen again (after removing it, say).
    event.currentTarget.value = "";
    props.onFiles(files);
  };
  return (
    <div>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        accept={props.accept}
        multiple={props.multiple}
        {...(props.capture ? { capture: "environment" } : {})}
        disabled={props.disabled}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={cn(
          "inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md px-4 text-sm font-medium peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 sm:w-auto",
          props.variant === "outline"
            ? "border border-border bg-background hover:bg-muted"
            : "bg-primary text-primary-foreground hover:bg-primary/90",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
        {props.label}
      </label>
    </div>
  );
}

/**
 * The booklet's pages (decision 063): photos from the camera or the gallery (downscaled in the
 * browser), or one PDF of the whole booklet; each uploaded as it is chosen, then put in order,
 * turned or removed in the strip.
 */
export function BookletPagesPanel(props: {
  uploads: ReturnType<typeof useBookletPages>;
  pageCount: number;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { uploads } = props;
  const pdf = uploads.pages.find((p) => p.isPdf);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        {t(
          "Photograph every page in order in good light, or upload one PDF of the whole booklet (at most 40 MB). Up to {{pages}} pages.",
          { pages: BOOKLET_MAX_PAGES },
        )}
      </p>
      <div className="grid gap-2 sm:flex sm:flex-wrap">
        <FilePicker
          label={t("Take a photo")}
          icon={Camera}
          accept="image/*"
          capture
          disabled={props.disabled}
          onFiles={uploads.add}
        />
        <FilePicker
          label={t("Upload photos or a PDF")}
          icon={FileUp}
          accept="image/*,application/pdf"
          multiple
          disabled={props.disabled}
          onFiles={uploads.add}
          variant="outline"
        />
      </div>
      {uploads.notice ? <InlineAlert>{t(uploads.notice)}</InlineAlert> : null}
      {uploads.pages.length > 0 ? (
        <>
          <PageStrip
            pages={uploads.pages}
            onMove={uploads.move}
            onRotate={uploads.rotate}
            onRemove={uploads.remove}
            onRetry={uploads.retry}
            disabled={props.disabled}
          />
          {pdf?.pdfPages ? (
            <p className="text-sm text-muted-foreground">
              {t("The PDF has {{pages}} pages.", { pages: pdf.pdfPages })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("No pages added yet.")}</p>
      )}
    </div>
  );
}
