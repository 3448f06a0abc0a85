import { cn } from "@web/lib/cn.ts";
import { useMemo } from "react";
import { questionMarkupToHtml } from "../../../shared/question-markup.ts";
import { sanitizeQuestionHtml, sanitizeRichText } from "./sanitize-rich-text.ts";

/** Renders stored news HTML as rich text, sanitised again in the browser; `lang`: its language. */
export function RichText({
  html,
  className,
  lang,
}: {
  html: string;
  className?: string;
  lang?: string;
}) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      lang={lang}
      className={cn("rich-text", className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

/**
 * A question's text, option or explanation in the question markup (src/shared/question-markup.ts):
 * line breaks, numbered statements, bullets, tables, bold and /storage images, through the same
 * DOMPurify rules as the news. Plain text renders as plain text. `as="span"` for inline places
 * (an option's label).
 */
export function QuestionText({
  text,
  className,
  as: Tag = "div",
}: {
  text: string;
  className?: string;
  as?: "div" | "span";
}) {
  const clean = useMemo(() => sanitizeQuestionHtml(questionMarkupToHtml(text)), [text]);
  return (
    <Tag
      className={cn("rich-text question-text", className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the markup, then sanitised with DOMPurify
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
