import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { injectPageMeta, type PageMeta } from "./page-meta.ts";

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every
 * other non-API path answered with index.html so the client router can take it.
 */
export function createSpaRoutes(
  clientDir: string,
  options: { pageMeta?: (path: string) => Promise<PageMeta | null> } = {},
) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) return app;
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), clientDir) || ".";

  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (filePath, c) => {
        if (!filePath.endsWith("index.html")) c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    // Pages that preview when shared (a news article) get their own title and Open Graph tags.
    const meta = options.pageMeta ? await options.pageMeta(c.req.path).catch(() => null) : null;
    return c.html(meta ? injectPageMeta(indexHtml, meta) : indexHtml);
  });
  return app;
}
