import { cn } from "@web/lib/cn.ts";
import { contentLang } from "@web/lib/content-language.ts";
import type { ReactNode } from "react";

/*
 * A post's simple formatting (decision 064), drawn as React elements: no HTML is ever parsed or
 * injected, so whatever a post holds (tags, scripts, attributes) is shown as text.
 *
 *   **bold**  *italic*  _italic_           inline
 *   - a point / * a point                  a bullet list (consecutive lines)
 *   1. a step                              a numbered list (consecutive lines)
 *   #3                                     a link to post number 3 of the same discussion
 *   a blank line                           a new paragraph; other line breaks are kept
 */

const INLINE =
  /\*\*(?=\S)([^\n]*?\S)\*\*|\*(?=\S)([^*\n]*?\S)\*|_(?=\S)([^_\n]*?\S)_|#(\d{1,6})\b/g;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

type Block =
  | { kind: "p"; lines: string[] }
  | { kind: "ul"; items: string[] }
  | { kind: "ol"; items: string[] };

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let paragraph: string[] | null = null;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const last = out[out.length - 1];
    if (bullet || numbered) {
      paragraph = null;
      const kind = bullet ? "ul" : "ol";
      const item = (bullet ?? numbered)?.[1] ?? "";
      if (last && last.kind === kind) last.items.push(item);
      else out.push({ kind, items: [item] });
    } else if (line.trim() === "") {
      paragraph = null;
    } else if (paragraph) {
      paragraph.push(line);
    } else {
      paragraph = [line];
      out.push({ kind: "p", lines: paragraph });
    }
  }
  return out;
}

export type MentionLink = (number: number) => string | null;

function inline(text: string, mention: MentionLink, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, bold, star, underscore, number] = match;
    const at = match.index ?? 0;
    if (at > last) nodes.push(text.slice(last, at));
    const id = `${key}-${n++}`;
    if (bold !== undefined) nodes.push(<strong key={id}>{bold}</strong>);
    else if (star !== undefined || underscore !== undefined)
      nodes.push(<em key={id}>{star ?? underscore}</em>);
    else {
      const href = mention(Number(number));
      nodes.push(
        href ? (
          <a key={id} href={href} className="font-medium text-primary underline">
            {whole}
          </a>
        ) : (
          whole
        ),
      );
    }
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The blocks as elements; keys are the positions in the text (a post's parts have no ids). */
function drawBlocks(parts: Block[], mention: MentionLink): ReactNode[] {
  const out: ReactNode[] = [];
  for (const [b, block] of parts.entries()) {
    const key = `b${b}`;
    if (block.kind === "p") {
      const nodes: ReactNode[] = [];
      for (const [l, line] of block.lines.entries()) {
        if (l > 0) nodes.push(<br key={`${key}-br${l}`} />);
        nodes.push(...inline(line, mention, `${key}-${l}`));
      }
      out.push(<p key={key}>{nodes}</p>);
      continue;
    }
    const items: ReactNode[] = [];
    for (const [i, item] of block.items.entries()) {
      items.push(<li key={`${key}-${i}`}>{inline(item, mention, `${key}-${i}`)}</li>);
    }
    const List = block.kind;
    out.push(
      <List
        key={key}
        className={cn("grid gap-1 pl-5", List === "ul" ? "list-disc" : "list-decimal")}
      >
        {items}
      </List>,
    );
  }
  return out;
}

/**
 * A post's text with its formatting, in its own language (`lang` from its script, so a Hindi post
 * in an English page is read as Hindi). `mention(n)`: where "#n" leads, or null for plain text.
 */
export function PostBody(props: { text: string; mention: MentionLink; className?: string }) {
  const parts = blocks(props.text);
  return (
    <div
      data-post-body=""
      lang={contentLang(props.text)}
      className={cn("grid gap-2 break-words text-sm leading-relaxed", props.className)}
    >
      {drawBlocks(parts, props.mention)}
    </div>
  );
}
