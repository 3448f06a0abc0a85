import type { AnnotationTool, StrokeColour } from "@web/components/answer-copy/annotation-tools.ts";
import { type CopyPageSource, CopyPageView } from "@web/components/answer-copy/copy-page-view.tsx";
import type { Rotation } from "@web/components/answer-copy/page-order.ts";
import { TypedAnswer } from "@web/components/answer-copy/typed-answer.tsx";
import { EMPTY_PAGE_ANNOTATIONS, type PageAnnotations } from "../../../../shared/evaluation.ts";
import type { MentorCopy } from "../api/copy.ts";

type CopyPage = MentorCopy["pages"][number];

/** Where a page is drawn from: a photo, or its page (from 1) of the copy's PDF. */
export function pageSource(page: CopyPage): CopyPageSource {
  return page.pdfPage === null
    ? { kind: "image", url: page.url }
    : { kind: "pdf", url: page.url, page: page.pdfPage };
}

/** The copy's annotations, one entry per page (an empty one for a page with none yet). */
export function annotationsFor(copy: MentorCopy): PageAnnotations[] {
  const saved = copy.evaluation?.annotations ?? [];
  return copy.pages.map((_, index) => saved[index] ?? EMPTY_PAGE_ANNOTATIONS);
}

/**
 * The answer: each page zoomable with its annotations over it (editable with the tool in hand
 * when `onChange` is given), or a typed answer as text with its word count.
 */
export function AnswerPages(props: {
  copy: MentorCopy;
  annotations: PageAnnotations[];
  tool?: AnnotationTool;
  colour?: StrokeColour;
  onChange?: (index: number, next: PageAnnotations) => void;
}) {
  const { copy } = props;
  const typed = copy.typedAnswer?.trim() ? copy.typedAnswer : null;
  return (
    <div className="grid gap-6">
      {copy.pages.map((page, index) => (
        <CopyPageView
          key={`${page.fileId}#${page.pdfPage ?? 0}`}
          source={pageSource(page)}
          rotation={page.rotation as Rotation}
          pageNumber={index + 1}
          annotations={props.annotations[index] ?? EMPTY_PAGE_ANNOTATIONS}
          {...(props.onChange && props.tool
            ? {
                tool: props.tool,
                colour: props.colour,
                onAnnotationsChange: (next: PageAnnotations) => props.onChange?.(index, next),
              }
            : {})}
          showNoteList={!props.onChange}
        />
      ))}
      {typed !== null ? <TypedAnswer text={typed} wordCount={copy.wordCount} /> : null}
    </div>
  );
}
