import DOMPurify from "dompurify";
import {
  QUESTION_MARKUP_ATTRIBUTES,
  QUESTION_MARKUP_TAGS,
} from "../../../shared/question-markup.ts";
import {
  isAllowedImageSrc,
  isAllowedLinkHref,
  RICH_TEXT_CLASS,
  RICH_TEXT_COLOR,
  RICH_TEXT_TAGS,
  toVideoEmbedUrl,
} from "../../../shared/rich-text.ts";

// A second line of defence: the server sanitised the HTML when it was saved; the browser does it
// again with the same rules before rendering, in case anything else ever wrote to the table. The
// server's page renderer runs the same rules on a jsdom window (setSanitizerWindow), so its HTML
// is the browser's.
type PurifierWindow = Window & typeof globalThis;

function createPurifier(win?: PurifierWindow) {
  const purifier = win ? DOMPurify(win) : DOMPurify();
  const Element = (win ?? globalThis).Element;
  const HTMLElement = (win ?? globalThis).HTMLElement;

  purifier.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName !== "iframe" || !(node instanceof Element)) return;
    const src = node.getAttribute("src") ?? "";
    if (toVideoEmbedUrl(src) !== src) node.remove();
  });

  purifier.addHook("afterSanitizeAttributes", (node) => {
    if (node.hasAttribute("class")) {
      const kept = [...node.classList].filter((c) => RICH_TEXT_CLASS.test(c));
      if (kept.length) node.setAttribute("class", kept.join(" "));
      else node.removeAttribute("class");
    }
    if (node instanceof HTMLElement && node.hasAttribute("style")) {
      const { color, backgroundColor } = node.style;
      node.removeAttribute("style");
      if (color && RICH_TEXT_COLOR.test(color)) node.style.color = color;
      if (backgroundColor && RICH_TEXT_COLOR.test(backgroundColor)) {
        node.style.backgroundColor = backgroundColor;
      }
    }
    if (node.tagName === "IMG" && !isAllowedImageSrc(node.getAttribute("src") ?? "")) node.remove();
    if (node.tagName === "A") {
      const href = node.getAttribute("href") ?? "";
      if (!isAllowedLinkHref(href)) node.removeAttribute("href");
      if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
    }
  });
  return purifier;
}

// Made on first use: the server's renderer gives its window first (there is none to default to).
let current: ReturnType<typeof createPurifier> | null = null;
const purifier = {
  sanitize: (
    html: string,
    config: Parameters<ReturnType<typeof createPurifier>["sanitize"]>[1],
  ) => {
    current ??= createPurifier();
    return current.sanitize(html, config);
  },
};

/** For the server's renderer, which has no window of its own: sanitise on this one. */
export function setSanitizerWindow(win: PurifierWindow): void {
  current = createPurifier(win);
}

/** The news HTML, made safe to put into the page. */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: [
      "href",
      "target",
      "rel",
      "src",
      "alt",
      "width",
      "height",
      "class",
      "style",
      "frameborder",
      "allowfullscreen",
      "data-language",
    ],
    // DOMPurify's own URI rule stays on; the hook above narrows links and images further.
    ALLOW_DATA_ATTR: false,
  });
}

/**
 * A question's HTML (from questionMarkupToHtml), made safe the same way: the news rules, narrowed
 * to the tags and attributes the question markup produces.
 */
export function sanitizeQuestionHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...QUESTION_MARKUP_TAGS],
    ALLOWED_ATTR: [...QUESTION_MARKUP_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
  });
}
