// The question markup: the small, documented text format a question's stored text,
// options and explanation (English and Hindi alike) may use, and its translation to HTML.
//
//   Consider the following statements:          a line of text (line breaks are kept)
//   1. The first statement                      consecutive lines 1. 2. 3. ... -> numbered list
//   2. The second statement
//   - a point                                   lines starting "- " -> bullet list
//   | List-I | List-II |                        lines starting and ending with | -> table;
//   | A. Ramsar | 1. Wetlands |                 the first row is the header row
//   **bold**                                    bold
//   ![Map of India](/storage/uploads/map.png)   an image, only from the app's own /storage/
//
// Everything else is text: HTML in the input is escaped, never passed through. The browser
// sanitises the output again (sanitizeQuestionHtml) before it reaches the page.

import { msg } from "./i18n/msg.ts";

/** The tags the markup produces (the browser's sanitiser allows exactly these for questions). */
export const QUESTION_MARKUP_TAGS = [
  "p",
  "br",
  "strong",
  "ol",
  "ul",
  "li",
  "img",
  "div",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
] as const;

/** The attributes the markup produces. */
export const QUESTION_MARKUP_ATTRIBUTES = ["src", "alt", "scope", "tabindex"] as const;

/** The short hint shown under the question dialog's text fields. */
export const QUESTION_MARKUP_HINT = msg(
  "Formatting: 1. 2. for statements, | List-I | List-II | rows for a table, ![alt](/storage/…) for an image, - for bullets, **bold**.",
);

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Our own uploaded files only: /storage/ followed by plain path characters, no "..". */
const STORAGE_SRC = /^\/storage\/[A-Za-z0-9._~\-/]+$/;

export function isQuestionImageSrc(src: string): boolean {
  return STORAGE_SRC.test(src) && !src.split("/").includes("..");
}

const INLINE = /!\[([^\]\n]*)\]\(([^)\s]*)\)|\*\*(?=\S)([^\n]*?\S)\*\*/g;

/** One line's text with **bold** and images; everything else escaped. */
function inline(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, alt, src, bold] = match;
    const at = match.index ?? 0;
    if (bold !== undefined) {
      out += `${escapeHtml(text.slice(last, at))}<strong>${escapeHtml(bold)}</strong>`;
    } else if (src !== undefined && isQuestionImageSrc(src)) {
      out += `${escapeHtml(text.slice(last, at))}<img src="${escapeHtml(src)}" alt="${escapeHtml((alt ?? "").trim())}">`;
    } else {
      continue;
    }
    last = at + whole.length;
  }
  return out + escapeHtml(text.slice(last));
}

const NUMBERED = /^\s*(\d{1,2})\.\s+(.*)$/;
const BULLET = /^\s*[-•]\s+(.*)$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
/** A Markdown-style separator row (|---|:--|) under the header: allowed, and skipped. */
const TABLE_RULE = /^\s*\|(\s*:?-{2,}:?\s*\|)+\s*$/;

type Block =
  | { kind: "text"; lines: string[] }
  | { kind: "ol"; items: string[] }
  | { kind: "ul"; items: string[] }
  | { kind: "table"; rows: string[][] };

function cells(row: string): string[] {
  return row
    .trim()
    .slice(1, -1)
    .split("|")
    .map((cell) => cell.trim());
}

function blocks(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      i += 1;
      continue;
    }
    // A numbered list: lines 1. 2. 3. ... in order, starting at 1.
    if (NUMBERED.exec(line)?.[1] === "1") {
      const items: string[] = [];
      while (i < lines.length) {
        const match = NUMBERED.exec(lines[i] ?? "");
        if (!match || Number(match[1]) !== items.length + 1) break;
        items.push(match[2] ?? "");
        i += 1;
      }
      out.push({ kind: "ol", items });
      continue;
    }
    if (BULLET.test(line)) {
      const items: string[] = [];
      let match = BULLET.exec(lines[i] ?? "");
      while (match) {
        items.push(match[1] ?? "");
        i += 1;
        match = BULLET.exec(lines[i] ?? "");
      }
      out.push({ kind: "ul", items });
      continue;
    }
    if (TABLE_ROW.test(line) && line.trim().length > 1) {
      const rows: string[][] = [];
      while (i < lines.length && TABLE_ROW.test(lines[i] ?? "")) {
        if (!(rows.length === 1 && TABLE_RULE.test(lines[i] ?? "")))
          rows.push(cells(lines[i] ?? ""));
        i += 1;
      }
      out.push({ kind: "table", rows });
      continue;
    }
    const previous = out[out.length - 1];
    const startsParagraph = i === 0 || (lines[i - 1] ?? "").trim() === "";
    if (previous?.kind === "text" && !startsParagraph) previous.lines.push(line.trim());
    else out.push({ kind: "text", lines: [line.trim()] });
    i += 1;
  }
  return out;
}

function tableHtml(rows: string[][]): string {
  const width = Math.max(...rows.map((r) => r.length));
  const row = (cellsOfRow: string[], tag: "th" | "td") =>
    `<tr>${Array.from({ length: width }, (_, c) => {
      const scope = tag === "th" ? ' scope="col"' : "";
      return `<${tag}${scope}>${inline(cellsOfRow[c] ?? "")}</${tag}>`;
    }).join("")}</tr>`;
  const [head = [], ...body] = rows;
  const tbody = body.length ? `<tbody>${body.map((r) => row(r, "td")).join("")}</tbody>` : "";
  // The wrapper scrolls a wide table sideways on a phone; focusable so a keyboard can scroll it.
  return `<div tabindex="0"><table><thead>${row(head, "th")}</thead>${tbody}</table></div>`;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "text":
      return `<p>${block.lines.map(inline).join("<br>")}</p>`;
    case "ol":
      return `<ol>${block.items.map((item) => `<li>${inline(item)}</li>`).join("")}</ol>`;
    case "ul":
      return `<ul>${block.items.map((item) => `<li>${inline(item)}</li>`).join("")}</ul>`;
    case "table":
      return tableHtml(block.rows);
  }
}

function blockLines(block: Block): string[] {
  switch (block.kind) {
    case "text":
      return block.lines;
    case "ol":
      return block.items.map((item, i) => `${i + 1}. ${item}`);
    case "ul":
      return block.items;
    case "table":
      return block.rows.map((r) => r.join(" – "));
  }
}

/**
 * A question's stored text as HTML. Plain text without markup stays plain text (escaped, with
 * <br> for its line breaks), so it can sit inline, e.g. in an option's label.
 */
export function questionMarkupToHtml(text: string): string {
  const parts = blocks(text);
  const only = parts[0];
  if (parts.length === 1 && only?.kind === "text") return only.lines.map(inline).join("<br>");
  return parts.map(blockHtml).join("");
}

/**
 * The text on one line, for previews cut to a line or two (lists, tables): markup symbols
 * dropped, images named by their alt text.
 */
export function questionMarkupToPlainText(text: string): string {
  return blocks(text)
    .flatMap(blockLines)
    .map((line) =>
      line.replace(/!\[([^\]\n]*)\]\(([^)\s]*)\)/g, "$1").replace(/\*\*(?=\S)(.*?\S)\*\*/g, "$1"),
    )
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
