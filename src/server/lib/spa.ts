import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import type { Logger } from "./logger.ts";
import { injectOgImage, injectPageMeta, type PageMeta } from "./page-meta.ts";
import { type PageRenderer, renderPageHtml } from "./page-render.ts";

/** How to answer a page's path with the shell: its status, and its tags for link previews. */
export type ShellPage = {
  /** 404 for a path the app has no page for (the app still renders, showing 'Page Not Found'). */
  status: 200 | 404;
  /** A page that previews when shared (every public page): its title and Open Graph tags. */
  meta?: PageMeta;
  /** Otherwise, the picture a shared link shows (absolute URL). */
  image?: string;
};

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and every
 * other non-API path answered with index.html so the client router can take it, with the status
 * and tags `page` gives for the path (200 and index.html as it is without one).
 */
export function createSpaRoutes(
  clientDir: string,
  options: {
    page?: (path: string) => Promise<ShellPage>;
    /**
     * Renders pages on the server (decision 046): the renderer, and the app that
     * answers its API calls in process.
     */
    render?: {
      /** Resolves to null when there is none or it failed to load (logged by its loader). */
      renderer: Promise<PageRenderer | null>;
      appFetch: (request: Request, env: AppEnv["Bindings"]) => Response | Promise<Response>;
      logger: Logger;
    };
  } = {},
) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) return app;
  const indexHtml = readFileSync(indexFile, "utf8");
  const stylesheet = readStylesheet(clientDir, indexHtml);
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
  const shell = async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    // A failed look-up (the database away) still serves the app, as a page that exists.
    const page: ShellPage = options.page
      ? await options.page(c.req.path).catch(() => ({ status: 200 as const }))
      : { status: 200 };
    const html = page.meta
      ? injectPageMeta(indexHtml, page.meta)
      : page.image
        ? injectOgImage(indexHtml, page.image)
        : indexHtml;
    const rendered = await renderWithData(c, html, Boolean(page.meta && !page.meta.routeTitle));
    if (rendered instanceof Response) return rendered;
    if (rendered.signedIn) {
      // A signed-in reader's page (their name, their lists) is kept nowhere, not even by their
      // own browser: after sign-out, Back must not show the previous person's page.
      c.header("Cache-Control", "no-store");
      c.header("Vary", "Cookie, Accept-Language");
    } else if (rendered.html !== html) {
      // A visitor's page still differs by language and cookie: no shared cache keeps it.
      c.header("Cache-Control", "private, no-cache");
      c.header("Vary", "Cookie, Accept-Language");
    }
    return c.html(rendered.html, page.status);
  };

  /** The page rendered with its data, or `html` as it is without a renderer or when it fails. */
  const renderWithData = async (c: Context<AppEnv>, html: string, keepTitle: boolean) => {
    const renderer = await options.render?.renderer;
    const plain = { html, signedIn: false };
    if (!renderer || !options.render) return plain;
    const { appFetch, logger } = options.render;
    const forwarded = ["cookie", "accept-language", "user-agent", "x-forwarded-for"] as const;
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), c.req.url);
      const request = new Request(url, init);
      for (const name of forwarded) {
        const value = c.req.header(name);
        if (value !== undefined) request.headers.set(name, value);
      }
      return Promise.resolve(appFetch(request, c.env));
    };
    try {
      return await renderPageHtml(html, c.req.raw, {
        render: renderer,
        fetch,
        keepTitle,
        stylesheet,
      });
    } catch (error) {
      // The shell still works: the browser renders the page and fetches its data itself.
      logger.error("page render failed", {
        requestId: c.get("requestId"),
        path: c.req.path,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return plain;
    }
  };
  // The home page too gets its tags: before the static files, which would send index.html as is.
  app.get("/", shell);
  app.use(
    "*",
    ...staticFiles((filePath) =>
      // The service worker too: a new build's sw.js must reach the browser (decision 045). The
      // path is the precompressed copy's when one is sent.
      /(^|\/)(index\.html|sw\.js)(\.br|\.gz)?$/.test(filePath)
        ? "no-cache"
        : "public, max-age=3600",
    ),
  );
  app.get("*", shell);
  return app;
}

/**
 * The app's stylesheet as index.html links it (`href`) and its text, for a server-rendered page
 * to carry inline (decision 055); null when index.html links none, the file is missing, or its
 * text could close a style element.
 */
function readStylesheet(clientDir: string, indexHtml: string) {
  const link = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(indexHtml);
  const href = link?.[1];
  if (!link || !href) return null;
  const file = path.join(clientDir, href);
  if (!existsSync(file)) return null;
  const css = readFileSync(file, "utf8");
  return /<\/style/i.test(css) ? null : { tag: link[0], css };
}
