/** What a page's HTML says about it to link previews (chat apps, search engines). */
export type PageMeta = {
  title: string;
  /** Unset: the shell's own description (index.html's), for every tag that carries one. */
  description?: string;
  url: string;
  type?: "website" | "article";
  siteName?: string;
  image?: string;
  /**
   * A page with no title of its own (a route's, e.g. /courses): the rendered page's document
   * title, in the reader's language, replaces this English one.
   */
  routeTitle?: boolean;
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * index.html with this page's title, description, canonical URL, Open Graph and Twitter tags:
 * the full set on every public page, so a shared link previews the same wherever it points.
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const shellDescription = /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? "";
  const description =
    meta.description === undefined ? shellDescription : escapeHtml(meta.description);
  const url = escapeHtml(meta.url);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="${meta.type ?? "website"}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    meta.siteName ? `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />` : "",
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : "",
    `<meta name="twitter:card" content="${meta.image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].filter(Boolean);
  // Functions as replacements, so a "$&" in a title is never read as a pattern.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
}

/** index.html with an og:image (the logo) for pages without tags of their own. */
export function injectOgImage(html: string, image: string): string {
  const tag = `<meta property="og:image" content="${escapeHtml(image)}" />`;
  return html.replace("</head>", () => `    ${tag}\n  </head>`);
}
