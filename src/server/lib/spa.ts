import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
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

  // serveStatic's onFound cannot set headers (node-server 1.19 builds the response first, so they
  // were lost and assets went out with no caching at all): it notes the file, and the header goes
  // on once the response exists.
  const served = new WeakMap<object, string>();
  const staticFiles = (cacheControl: (filePath: string) => string) => [
    createMiddleware<AppEnv>(async (c, next) => {
      await next();
      const filePath = served.get(c);
      if (filePath !== undefined) c.header("Cache-Control", cacheControl(filePath));
    }),
    serveStatic<AppEnv>({
      root,
      precompressed: true,
      onFound: (filePath, c) => void served.set(c, filePath),
    }),
  ];
  app.use("/assets/*", ...staticFiles(() => "public, max-age=31536000, immutable"));
  // A hashed file this build does not have (a page from another version asked for it, during a
  // rolling deploy): a 404, never index.html, so the browser does not run HTML as a script and a
  // proxy can ask another instance (docs/deploy.md).
  app.get("/assets/*", (c) => c.text("Not found.", 404, { "Cache-Control": "no-store" }));
  app.use(
    "*",
    ...staticFiles((filePath) =>
      filePath.endsWith("index.html") ? "no-cache" : "public, max-age=3600",
    ),
  );
  app.get("*", async (c) => {
    c.header("Cache-Control", "no-cache");
    // Pages that preview when shared (a news article) get their own title and Open Graph tags.
    const meta = options.pageMeta ? await options.pageMeta(c.req.path).catch(() => null) : null;
    return c.html(meta ? injectPageMeta(indexHtml, meta) : indexHtml);
  });
  return app;
}
