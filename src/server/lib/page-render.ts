import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isServerRenderedPath } from "./app-paths.ts";
import { escapeHtml } from "./page-meta.ts";

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** What the built renderer (src/web/entry-server.tsx) gives for a page. */
export type RenderedPage = {
  html: string | null;
  language: string;
  title: string;
  state: unknown;
  /** The page carries a signed-in viewer (their session in its state). */
  signedIn?: boolean;
};
export type PageRenderer = (
  request: Request,
  options: { fetch: Fetch; markup: boolean },
) => Promise<RenderedPage | Response>;

/**
 * The renderer `vite build` wrote next to the client (dist/server/entry-server.js), or null
 * without one (a client built before it existed, `npm run dev`): pages are then the plain shell.
 */
export async function loadPageRenderer(clientDir: string): Promise<PageRenderer | null> {
  const file = path.join(clientDir, "..", "server", "entry-server.js");
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage: PageRenderer };
  return module.renderPage;
}

/**
 * The page's HTML for `request` (decision 046): the renderer's markup in place
 * of the loading shell on a public page, and on every page its state (the viewer, the settings,
 * the first data and the language) as a JSON script, so the browser's first render needs no
 * round trip. `fetch` answers the renderer's API calls in process with the reader's cookie.
 * A Response instead when the router answers with one; `signedIn` says the page carries a viewer.
 */
export async function renderPageHtml(
  template: string,
  request: Request,
  options: {
    render: PageRenderer;
    fetch: Fetch;
    keepTitle: boolean;
    /** The stylesheet's link tag and text: a rendered page carries it inline (decision 055). */
    stylesheet?: { tag: string; css: string } | null;
  },
): Promise<{ html: string; signedIn: boolean } | Response> {
  const pathname = new URL(request.url).pathname;
  const page = await options.render(request, {
    fetch: options.fetch,
    markup: isServerRenderedPath(pathname),
  });
  if (page instanceof Response) return page;
  // "<" never appears raw inside the script, so no text in the data can close it.
  const json = JSON.stringify(page.state).replace(/</g, "\\u003c");
  let html = template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(page.language)}"`)
    .replace(
      "</body>",
      () => `<script type="application/json" id="page-state">${json}</script>\n  </body>`,
    );
  if (!options.keepTitle) {
    html = html.replace(
      /<title>[\s\S]*?<\/title>/,
      () => `<title>${escapeHtml(page.title)}</title>`,
    );
  }
  if (page.html !== null) {
    const markup = page.html;
    html = html
      .replace(/<!--boot-->[\s\S]*?<!--\/boot-->/, () => markup)
      // Until the app has taken the page over (main.tsx removes it): see index.html's styles.
      .replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes} data-hydrating>`)
      // The page is readable before its code runs, so the stylesheet and the content have the
      // line to themselves: the code's modules are found from the entry script instead of being
      // fetched at high priority beside the stylesheet (Lighthouse's FCP 2.05 s to 1.6 s on a
      // simulated mid-range phone).
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
    // Its styles come with it: the page paints as soon as its HTML is in, without a round trip
    // for the stylesheet (about 10 KB compressed; decision 055). The shell keeps the link, so
    // the file stays cached for it. The link stays here too, disabled (a disabled stylesheet is
    // neither fetched nor applied): Vite's preload helper looks for the stylesheet's link before
    // a lazy chunk that lists it loads, and without one appended it, so the page downloaded and
    // applied the same styles a second time, and its code waited for them (decision 056).
    const stylesheet = options.stylesheet;
    if (stylesheet) {
      const disabled = stylesheet.tag.replace(/>$/, " disabled>");
      html = html.replace(stylesheet.tag, () => `<style>${stylesheet.css}</style>${disabled}`);
    }
  }
  return { html, signedIn: page.signedIn === true };
}
