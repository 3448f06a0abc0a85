import sanitizeHtml from "sanitize-html";
import {
  isAllowedImageSrc,
  isAllowedLinkHref,
  RICH_TEXT_CLASS,
  RICH_TEXT_COLOR,
  RICH_TEXT_TAGS,
  toVideoEmbedUrl,
  VIDEO_EMBED_HOSTS,
} from "../../../shared/rich-text.ts";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "class", "frameborder", "allowfullscreen"],
    pre: ["data-language", "class"],
    li: ["class"],
    "*": ["class", "style"],
  },
  allowedClasses: { "*": [RICH_TEXT_CLASS] },
  allowedStyles: {
    "*": { color: [RICH_TEXT_COLOR], "background-color": [RICH_TEXT_COLOR] },
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  // Script, style and the like are dropped with their content, not turned into text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const attributes: Record<string, string> = isAllowedLinkHref(href) ? { href } : {};
      if (attributes.href && !href.startsWith("/")) {
        attributes.target = "_blank";
        attributes.rel = "noopener noreferrer";
      }
      return { tagName, attribs: attributes };
    },
    // Spec: image sources other than http, https and data are replaced by a blank one.
    img: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        src: attribs.src && isAllowedImageSrc(attribs.src) ? attribs.src : "",
      },
    }),
    iframe: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src ? toVideoEmbedUrl(attribs.src) : null;
      // Anything but an allowed video provider loses its src and is then removed below.
      return src
        ? {
            tagName,
            attribs: { src, class: "ql-video", frameborder: "0", allowfullscreen: "true" },
          }
        : { tagName: "span", attribs: {} };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** The news HTML as stored: only the editor's formatting survives (decision 010). */
export function sanitizeNewsHtml(html: string): string {
  // Quill's semantic HTML writes every space as &nbsp;, which stops lines from wrapping: keep a
  // non-breaking space only where it holds a run of spaces open.
  return sanitizeHtml(html, OPTIONS)
    .replace(/\u00a0(?!\u00a0)/g, " ")
    .trim();
}

/** Plain text of the HTML (for excerpts and meta descriptions). */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template"],
  });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}
