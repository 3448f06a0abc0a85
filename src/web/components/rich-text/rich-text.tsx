import { cn } from "@web/lib/cn.ts";
import { useMemo } from "react";
import { sanitizeRichText } from "./sanitize-rich-text.ts";
import "./rich-text.css";

/** Renders stored news HTML as rich text, sanitised again in the browser. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
  return <div className={cn("rich-text", className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}
