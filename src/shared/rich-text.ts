// Rules for the news HTML, shared by the server's sanitiser (on save) and the browser's (on
// render) so both keep exactly the same things.

/** Tags the editor produces and the article page renders. */
export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "span",
  "a",
  "img",
  "ol",
  "ul",
  "li",
  "blockquote",
  "pre",
  "code",
  "sub",
  "sup",
  "iframe",
] as const;

export const RICH_TEXT_MAX_LENGTH = 2_000_000;

/** Only Quill's own formatting classes survive (alignment, indent 1-8, size, font, direction). */
export const RICH_TEXT_CLASS =
  /^ql-(align-(center|right|justify)|indent-[1-8]|size-(small|large|huge)|font-(serif|monospace)|direction-rtl|video|syntax)$/;

/** Colours as Quill writes them: rgb(...) or #hex. */
export const RICH_TEXT_COLOR =
  /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

const IMAGE_SRC = /^(https?:\/\/|data:image\/(png|jpe?g|gif|webp|avif);base64,|\/storage\/)/i;

/** Spec: image sources accept only http, https and data (plus our own /storage/ paths). */
export function isAllowedImageSrc(src: string): boolean {
  return IMAGE_SRC.test(src.trim()) && !src.trim().startsWith("//");
}

export function isAllowedLinkHref(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href.trim()) || /^\/(?!\/)/.test(href.trim());
}

/** Video embeds are allowed from these providers only (the CSP frame-src names the same). */
export const VIDEO_EMBED_HOSTS = [
  "www.youtube-nocookie.com",
  "www.youtube.com",
  "player.vimeo.com",
];

/**
 * The embeddable https URL for a YouTube or Vimeo link (watch pages become embed URLs), or null
 * for anything else.
 */
export function toVideoEmbedUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const id = (value: string | null | undefined) =>
    value && /^[\w-]{1,64}$/.test(value) ? value : null;
  if (host === "youtu.be") {
    const videoId = id(url.pathname.slice(1));
    return videoId ? `https://www.youtube-nocookie.com/embed/${videoId}` : null;
  }
  if (
    ["youtube.com", "www.youtube.com", "m.youtube.com", "www.youtube-nocookie.com"].includes(host)
  ) {
    const embed = url.pathname.match(/^\/embed\/([\w-]{1,64})$/);
    const videoId = id(
      embed ? embed[1] : url.pathname === "/watch" ? url.searchParams.get("v") : null,
    );
    return videoId ? `https://www.youtube-nocookie.com/embed/${videoId}` : null;
  }
  if (host === "vimeo.com" || host === "www.vimeo.com" || host === "player.vimeo.com") {
    const match = url.pathname.match(/^\/(?:video\/)?(\d{1,20})$/);
    return match ? `https://player.vimeo.com/video/${match[1]}` : null;
  }
  return null;
}

export const EXCERPT_LENGTH = 200;

/**
 * Spec: a blank excerpt is generated from the text, cut to 200 characters at a word boundary,
 * with '...' added when the text is longer.
 */
export function createExcerpt(text: string, limit = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit + 1);
  const lastSpace = cut.lastIndexOf(" ");
  const head = (lastSpace > 0 ? cut.slice(0, lastSpace) : clean.slice(0, limit)).trimEnd();
  return `${head.replace(/[\s,;:.\-–—]+$/, "")}...`;
}
