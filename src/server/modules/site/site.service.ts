import { ROUTE_CATALOG } from "../../../shared/route-catalog.ts";
import type { Db } from "../../db/client.ts";
import { escapeHtml } from "../../lib/page-meta.ts";
import { listCoursesForSitemap } from "../courses/courses.ts";
import { listNewsForSitemap, SITEMAP_MAX_URLS } from "../news/news.service.ts";

/** The app's primary colour (--color-primary in src/web/styles.css, theme-color in index.html). */
export const THEME_COLOR = "#1d4ed8";
/** The page background (--color-background's slate in index.html's first paint). */
const BACKGROUND_COLOR = "#f1f5f9";

/** Rendered from favicon.svg by `npm run icons` into src/web/public. */
export const APP_ICONS = {
  small: "/icon-192.png",
  large: "/icon-512.png",
  /** The logo inside Android's safe zone, on a full square (decision 045). */
  maskable: "/icon-maskable-512.png",
  apple: "/apple-touch-icon.png",
} as const;

/** index.html's meta description, for the install sheet. */
const APP_DESCRIPTION =
  "Mock tests, previous-year papers, daily current-affairs quizzes and news analysis for UPSC civil-services aspirants.";

const isPublicPage = (path: string, access: string) =>
  access === "public" && path !== "*" && !path.includes(":");

/** Pages anyone may open, with no id in their path: the sitemap lists them. */
export const PUBLIC_PAGES = ROUTE_CATALOG.filter(
  (route) => isPublicPage(route.path, route.access) && !route.unlisted,
).map((route) => route.path);

/** The first segment of every signed-in route ("/student", "/admin", ...), plus /api. */
function privatePrefixes(): string[] {
  const publicFirst = new Set(
    ROUTE_CATALOG.filter((r) => r.access === "public").map((r) => r.path.split("/")[1]),
  );
  const prefixes = ROUTE_CATALOG.filter((r) => r.access !== "public")
    .map((r) => r.path.split("/")[1] ?? "")
    .filter((first) => first !== "" && !publicFirst.has(first));
  return ["/api", ...new Set(prefixes.map((first) => `/${first}`))];
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...privatePrefixes().map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The public pages, the published courses, then every news article (newest first), at most 50,000 URLs in all. */
export async function sitemapXml(db: Db, origin: string): Promise<string> {
  const courses = await listCoursesForSitemap(db);
  const news = await listNewsForSitemap(
    db,
    Math.max(0, SITEMAP_MAX_URLS - PUBLIC_PAGES.length - courses.length),
  );
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${
      lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""
    }</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path)),
    ...courses.map((course) => url(`/courses/${course.slug}`, course.updatedAt)),
    ...news.map((entry) => url(`/news/${entry.id}`, entry.updatedAt)),
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * The web app manifest (decision 045): named after the site's title, opening on the home page.
 * `id` stays "/" whatever the title or the start URL become, so an installed app is still
 * recognised as this one after either changes.
 */
export function webManifest(appTitle: string) {
  return {
    id: "/",
    name: appTitle,
    short_name: appTitle,
    description: APP_DESCRIPTION,
    lang: "en",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["education"],
    icons: [
      { src: APP_ICONS.small, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: APP_ICONS.large, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: APP_ICONS.maskable, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
