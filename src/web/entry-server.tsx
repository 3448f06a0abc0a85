/**
 * The server's renderer (decision 046), built by Vite into dist/server and
 * loaded by src/server/lib/spa.ts. For a page's URL it runs the route loaders (the viewer, the
 * public settings and the page's first queries, answered by the server's own app in process with
 * the reader's cookie), and for a public page renders the HTML the browser then hydrates.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { DEFAULT_APP_TITLE } from "../shared/constants.ts";
import { DEFAULT_TIME_ZONE } from "../shared/home.ts";
import { HINDI } from "../shared/i18n/hi/index.ts";
import { LANGUAGE_COOKIE, requestedLanguage, type UiLanguage } from "../shared/i18n/languages.ts";
import type { PageState } from "./app/page-state.ts";
import { AppProviders } from "./app/providers.tsx";
import { routeTitleFor } from "./app/route-title.ts";
import { createRoutes } from "./app/router.tsx";
import { setSanitizerWindow } from "./components/rich-text/sanitize-rich-text.ts";
import { setApiFetch } from "./lib/api.ts";
import type { SessionData } from "./lib/auth.ts";
import { i18n } from "./lib/i18n.ts";
import { formatDocumentTitle } from "./lib/page-title.ts";
import { queryKeys } from "./lib/query-keys.ts";
import { setServerTimeZoneSource, TIME_ZONE_COOKIE } from "./lib/time-zone.ts";

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// Both catalogs are in memory here; a render switches the one shared i18next instance to its
// reader's language only for the synchronous renderToString call, so renders never mix.
i18n.addResourceBundle("hi", "translation", HINDI, true, true);

// Stored HTML is sanitised with the browser's rules, on a window of jsdom's.
setSanitizerWindow(new JSDOM("").window);

// Each render's API calls go to its own request's fetch (the reader's cookie), and its figures
// are counted in its own reader's time zone, however many renders are waiting on data at once.
const currentRender = new AsyncLocalStorage<{ fetch: Fetch; timeZone: string | null }>();
setApiFetch((input, init) => {
  const render = currentRender.getStore();
  if (!render) return Promise.reject(new Error("An API call outside a page render."));
  return render.fetch(input, init);
});
setServerTimeZoneSource(() => currentRender.getStore()?.timeZone ?? null);

/** The zone the browser last told us (the `tz` cookie), if it is one Intl knows. */
function timeZoneOf(cookies: Map<string, string>): string | null {
  const zone = cookies.get(TIME_ZONE_COOKIE);
  if (!zone) return null;
  try {
    const name = decodeURIComponent(zone);
    new Intl.DateTimeFormat("en", { timeZone: name });
    return name;
  } catch {
    return null;
  }
}

function cookiesOf(request: Request): Map<string, string> {
  return new Map(
    (request.headers.get("cookie") ?? "")
      .split(";")
      .map((part) => part.trim().split("=") as [string, string | undefined])
      .filter((pair): pair is [string, string] => pair[1] !== undefined),
  );
}

export type RenderedPage = {
  /** The page's markup for `#root`, or null when the page is not rendered on the server. */
  html: string | null;
  language: UiLanguage;
  /** The document title the layout gives the page ("Daily News · My Exam App"). */
  title: string;
  state: PageState;
  /** A signed-in viewer's page: the server sends it `no-store` (spa.ts). */
  signedIn: boolean;
};

/**
 * Loads `request`'s page data through `fetch` and, when `markup` is set, renders the page.
 * Returns a Response instead when the router answers with one (a redirect).
 */
export async function renderPage(
  request: Request,
  options: { fetch: Fetch; markup: boolean },
): Promise<RenderedPage | Response> {
  // No retries and no refetching here: one attempt per query, whatever fails is left to the browser.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const handler = createStaticHandler(createRoutes(queryClient));
  const cookies = cookiesOf(request);
  const timeZone = timeZoneOf(cookies) ?? DEFAULT_TIME_ZONE;
  const context = await currentRender.run({ fetch: options.fetch, timeZone }, () =>
    handler.query(request),
  );
  if (context instanceof Response) return context;

  const viewer = queryClient.getQueryData<SessionData>(queryKeys.session);
  const language = requestedLanguage({
    stored: viewer?.profile?.uiLanguage ?? null,
    cookie: cookies.get(LANGUAGE_COOKIE),
    acceptLanguage: request.headers.get("accept-language"),
  });

  let html: string | null = null;
  const previous = i18n.language;
  void i18n.changeLanguage(language);
  const appTitle =
    queryClient.getQueryData<{ appTitle?: string }>(queryKeys.settings.public)?.appTitle ??
    DEFAULT_APP_TITLE;
  const routeTitle = routeTitleFor(new URL(request.url).pathname);
  const title = formatDocumentTitle(routeTitle ? i18n.t(routeTitle) : null, appTitle);
  try {
    if (options.markup) {
      const router = createStaticRouter(handler.dataRoutes, context);
      html = renderToString(
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      );
    }
  } finally {
    void i18n.changeLanguage(previous);
  }
  return {
    html,
    language,
    title,
    signedIn: Boolean(viewer),
    state: {
      rendered: html !== null,
      language,
      timeZone,
      queries: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      },
      routeIds: context.matches.map((match) => match.route.id),
    },
  };
}
