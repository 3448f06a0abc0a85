import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";
import type { UiLanguage } from "../../shared/i18n/languages.ts";

/** The id of the JSON script the server writes into every page (decision 046). */
export const PAGE_STATE_ID = "page-state";

/**
 * What the server knows when it sends a page, so the browser's first render needs no round trip:
 * the viewer, the public settings and the page's first data (React Query's dehydrated cache), the
 * router's loader results, the interface language the HTML is in, the time zone its figures
 * were counted in, and whether `#root` holds the
 * server's rendering of the page (hydrate it) or the loading shell (render it).
 */
export type PageState = {
  rendered: boolean;
  language: UiLanguage;
  /** The zone the server counted the reader's day in (lib/time-zone.ts). */
  timeZone: string;
  queries: DehydratedState;
  router: HydrationState;
  /**
   * The ids of the routes the server matched, outermost first: the browser loads their lazy code
   * before hydrating without matching the URL against every route itself (React Router's ids:
   * the route's `id`, or its position in the tree, the same on both sides), and its router starts
   * with these routes only (app/route-discovery.ts).
   */
  routeIds: string[];
};

/** The page's state, or null when the HTML has none (the plain shell, `npm run dev`). */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}
