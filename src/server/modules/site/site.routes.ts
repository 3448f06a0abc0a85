import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import type { SettingsStore } from "../settings/settings-store.ts";
import { robotsTxt, sitemapXml, webManifest } from "./site.service.ts";

// Crawlers and browsers may keep these for an hour; a new article reaches the sitemap by then.
const CACHE = "public, max-age=3600";

/** /robots.txt, /sitemap.xml and /manifest.webmanifest, built from the data and the settings. */
export function createSiteRoutes(options: { db: Db; settings: SettingsStore; publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/+$/, "");
  return new Hono<AppEnv>()
    .get("/robots.txt", (c) =>
      c.body(robotsTxt(origin), 200, {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": CACHE,
      }),
    )
    .get("/sitemap.xml", async (c) =>
      c.body(await sitemapXml(options.db, origin), 200, {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": CACHE,
      }),
    )
    .get("/manifest.webmanifest", async (c) => {
      const settings = await options.settings.get();
      return c.body(JSON.stringify(webManifest(settings.appTitle)), 200, {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": CACHE,
      });
    });
}
