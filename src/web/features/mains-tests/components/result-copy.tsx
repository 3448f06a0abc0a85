import { CopyPageView } from "@web/components/answer-copy/copy-page-view.tsx";
import type { Rotation } from "@web/components/answer-copy/page-order.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { useTranslation } from "react-i18next";
import { EMPTY_PAGE_ANNOTATIONS, type PageAnnotations } from "../../../../shared/evaluation.ts";
import type { MainsAnswerCopy } from "../api/mains-result.ts";

const asRotation = (value: number): Rotation =>
  value === 90 || value === 180 || value === 270 ? value : 0;

/** Where a booklet's page is read: the booklet files' route, which checks the reader. */
const fileUrl = (fileId: string) => `/api/mains-tests/booklet-files/${encodeURIComponent(fileId)}`;

/**
 * An answer as written in a booklet, read only: its pages (photos or PDF pages, zoomable) with
 * the mentor's annotations when given (`annotations[i]` is on the answer's page i), or the
 * typed text.
 */
export function ResultCopy(props: {
  copy: MainsAnswerCopy;
  annotations?: PageAnnotations[];
  label: string;
}) {
  const { t } = useTranslation();
  const { copy } = props;
  if (copy.pages.length === 0) {
    return copy.typedText ? (
      <figure className="grid gap-1">
        <figcaption className="sr-only">{props.label}</figcaption>
        <div
          lang={contentLang(copy.typedText)}
          className="whitespace-pre-wrap break-words rounded-lg border border-border bg-background p-3 text-sm leading-relaxed"
        >
          {copy.typedText}
        </div>
      </figure>
    ) : (
      <p className="text-sm text-muted-foreground">{t("No pages were marked for this answer.")}</p>
    );
  }
  return (
    <ol className="grid gap-5" aria-label={props.label}>
      {copy.pages.map((page, index) => {
        const marks = props.annotations?.[index] ?? EMPTY_PAGE_ANNOTATIONS;
        return (
          <li key={`${page.fileId}-${page.pdfPage ?? 0}`}>
            <CopyPageView
              source={
                page.kind === "pdf"
                  ? { kind: "pdf", url: fileUrl(page.fileId), page: page.pdfPage ?? 1 }
                  : { kind: "image", url: fileUrl(page.fileId) }
              }
              rotation={asRotation(page.rotation)}
              pageNumber={page.page}
              annotations={marks}
              showNoteList={marks.notes.length > 0}
            />
          </li>
        );
      })}
    </ol>
  );
}
