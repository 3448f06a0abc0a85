import { createExcerpt } from "../../../shared/rich-text.ts";
import type { Db } from "../../db/client.ts";
import type { PageMeta } from "../../lib/page-meta.ts";
import type { SettingsStore } from "../settings/settings-store.ts";
import { findNews } from "./news.service.ts";
import { htmlToText } from "./sanitize-news-html.ts";

/**
 * Link previews for /news/{id}: the article's title, excerpt, canonical URL and first image.
 * "not-found" for an id no article has; null for other paths (and during maintenance, when
 * articles are not shown).
 */
export function createNewsPageMeta(options: {
  db: Db;
  settings: SettingsStore;
  publicUrl: string;
}) {
  const origin = options.publicUrl.replace(/\/+$/, "");
  return async (path: string): Promise<PageMeta | "not-found" | null> => {
    const match = path.match(/^\/news\/([^/]+)\/?$/);
    if (!match?.[1]) return null;
    const settings = await options.settings.get();
    if (settings.maintenanceMode) return null;
    const news = await findNews(options.db, match[1]);
    if (!news) return "not-found";
    // The stored HTML is escaped (&amp; in a query string); injectPageMeta escapes again.
    const src = news.content
      .match(/<img[^>]+src="([^"]+)"/)?.[1]
      ?.replaceAll("&amp;", "&")
      .replaceAll("&quot;", '"')
      .replaceAll("&#39;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">");
    const image = src?.startsWith("/storage/")
      ? `${origin}${src}`
      : src?.startsWith("https://")
        ? src
        : undefined;
    return {
      title: `${news.title} · ${settings.appTitle}`,
      description: news.excerpt || createExcerpt(htmlToText(news.content)) || news.title,
      url: `${origin}/news/${news.id}`,
      type: "article",
      siteName: settings.appTitle,
      image,
    };
  };
}
