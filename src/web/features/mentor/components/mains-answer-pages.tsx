import type { AnnotationTool, StrokeColour } from "@web/components/answer-copy/annotation-tools.ts";
import { CopyPageView } from "@web/components/answer-copy/copy-page-view.tsx";
import type { Rotation } from "@web/components/answer-copy/page-order.ts";
import { TypedAnswer } from "@web/components/answer-copy/typed-answer.tsx";
import { useTranslation } from "react-i18next";
import { EMPTY_PAGE_ANNOTATIONS, type PageAnnotations } from "../../../../shared/evaluation.ts";
import type { MainsMark } from "../api/mains-mark.ts";
import { pageSource } from "./answer-pages.tsx";

type BookletPage = MainsMark["booklet"]["pages"][number];

/** One entry per page of the booklet (index 0 is page 1), an empty one for a page with none yet. */
export function bookletAnnotations(mark: MainsMark): PageAnnotations[] {
  return mark.booklet.pages.map((_, index) => mark.annotations[index] ?? EMPTY_PAGE_ANNOTATIONS);
}

/**
 * The answer in its booklet: the pages of its range first (its start to the page before the next
 * answer's start), each zoomable with its annotations (editable with the tool in hand when
 * `onChange` is given), then the booklet's other pages folded away, for an answer that runs on
 * or a page map that is wrong; or the typed answer.
 */
export function MainsAnswerPages(props: {
  mark: MainsMark;
  annotations: PageAnnotations[];
  tool?: AnnotationTool;
  colour?: StrokeColour;
  onChange?: (pageIndex: number, next: PageAnnotations) => void;
}) {
  const { t } = useTranslation();
  const { mark } = props;
  const { startPage, endPage, typedText } = mark.answer;
  const inRange = (page: BookletPage) =>
    startPage !== null && endPage !== null && page.page >= startPage && page.page <= endPage;
  const own = mark.booklet.pages.filter(inRange);
  const rest = mark.booklet.pages.filter((page) => !inRange(page));
  const view = (page: BookletPage) => (
    <CopyPageView
      key={`${page.fileId}#${page.pdfPage ?? 0}`}
      source={pageSource(page)}
      rotation={page.rotation as Rotation}
      pageNumber={page.page}
      annotations={props.annotations[page.page - 1] ?? EMPTY_PAGE_ANNOTATIONS}
      {...(props.onChange && props.tool
        ? {
            tool: props.tool,
            colour: props.colour,
            onAnnotationsChange: (next: PageAnnotations) => props.onChange?.(page.page - 1, next),
          }
        : {})}
      showNoteList={!props.onChange}
    />
  );
  return (
    <div className="grid gap-6">
      {typedText !== null ? (
        <TypedAnswer text={typedText} wordCount={mark.answer.wordCount} />
      ) : null}
      {own.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {startPage === endPage
            ? t("This answer is on page {{page}} of the booklet.", { page: startPage })
            : t("This answer is on pages {{from}} to {{to}} of the booklet.", {
                from: startPage,
                to: endPage,
              })}
        </p>
      ) : null}
      {own.length === 0 && rest.length > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t("The page map does not say where this answer starts: find it in the booklet below.")}
        </p>
      ) : null}
      {own.map(view)}
      {own.length > 0 && rest.length > 0 ? (
        <details className="rounded-md border border-border p-3">
          <summary className="cursor-pointer font-medium">
            {t("The booklet's other pages ({{n}})", { n: rest.length })}
          </summary>
          <div className="grid gap-6 pt-3">{rest.map(view)}</div>
        </details>
      ) : (
        rest.map(view)
      )}
    </div>
  );
}
