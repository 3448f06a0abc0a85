import { type CopyPageSource, CopyPageView } from "@web/components/answer-copy/copy-page-view.tsx";
import type { Rotation } from "@web/components/answer-copy/page-order.ts";
import { contentLang } from "@web/lib/content-language.ts";
import { formatNumber } from "@web/lib/format.ts";
import { useTranslation } from "react-i18next";
import { EMPTY_PAGE_ANNOTATIONS } from "../../../../shared/evaluation.ts";
import type { AnswerCopy } from "../api/answer-evaluation.ts";

type CopyPage = AnswerCopy["pages"][number];

const asRotation = (value: number): Rotation =>
  value === 90 || value === 180 || value === 270 ? value : 0;

function sourceOf(page: CopyPage): CopyPageSource {
  return page.contentType === "application/pdf" || page.pdfPage !== null
    ? { kind: "pdf", url: page.url, page: page.pdfPage ?? 1 }
    : { kind: "image", url: page.url };
}

/**
 * The copy as submitted: each page (a photo or a PDF page), zoomable, with the mentor's
 * annotations for that page once evaluated; or the typed answer as text.
 */
export function CopyPages({ copy }: { copy: AnswerCopy }) {
  const { t } = useTranslation();
  const annotations = copy.evaluation?.annotations ?? [];
  if (copy.format === "typed") {
    return (
      <section aria-labelledby="typed-answer" className="grid gap-2">
        <h2 id="typed-answer" className="text-lg font-semibold">
          {t("Your answer")}
        </h2>
        {copy.wordCount !== null ? (
          <p className="text-sm text-muted-foreground">
            {t("{{words}} words", { words: formatNumber(copy.wordCount) })}
          </p>
        ) : null}
        <div
          lang={contentLang(copy.typedAnswer)}
          className="whitespace-pre-wrap break-words rounded-lg border border-border bg-background p-4 leading-relaxed"
        >
          {copy.typedAnswer}
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="answer-pages" className="grid gap-3">
      <h2 id="answer-pages" className="text-lg font-semibold">
        {copy.evaluation ? t("Your marked answer") : t("Your answer")}
      </h2>
      <ol className="grid gap-6">
        {copy.pages.map((page, index) => {
          const marks = annotations[index] ?? EMPTY_PAGE_ANNOTATIONS;
          return (
            <li key={`${page.fileId}-${page.pdfPage ?? 0}`}>
              <CopyPageView
                source={sourceOf(page)}
                rotation={asRotation(page.rotation)}
                pageNumber={index + 1}
                annotations={marks}
                showNoteList={marks.notes.length > 0}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
