import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { sessionQueryOptions } from "../lib/auth.ts";
import { publicSettingsQueryOptions } from "../lib/site-settings.ts";

// Any page query's options (each made by `queryOptions`, so `ensureQueryData` takes them).
type AnyQueryOptions = { queryKey: readonly unknown[] };
type FetchOptions = Parameters<QueryClient["ensureQueryData"]>[0];

/**
 * The queries a page shows first, from its URL (issue 23 §2). `viewer` is the session's data when
 * it is known (null: a visitor; undefined: not known yet), so a page can ask for a visitor's
 * sections only for visitors.
 */
export type PagePreload = (
  args: LoaderFunctionArgs & { viewer: unknown },
) => readonly AnyQueryOptions[];

/** What every page needs before its first render: the viewer and the public settings. */
export const SHELL_QUERIES = [sessionQueryOptions, publicSettingsQueryOptions] as const;

/**
 * A route loader that starts a page's data with its code (React Router runs a route's static
 * loader beside its `lazy` import), so there is no waterfall. In the browser it only starts the
 * fetches (the page shows its own loading state and never waits on the router); while the server
 * renders a page (`import.meta.env.SSR`) it waits for them, once, without retries, so the HTML
 * carries the page's content and the browser's first render has it in the cache.
 */
export function preloadLoader(queryClient: QueryClient, preload: PagePreload) {
  return async (args: LoaderFunctionArgs) => {
    if (!import.meta.env.SSR) {
      const viewer = queryClient.getQueryData(sessionQueryOptions.queryKey);
      for (const options of preload({ ...args, viewer }))
        void queryClient.prefetchQuery(options as FetchOptions);
      return null;
    }
    const viewer = await ensure(queryClient, sessionQueryOptions);
    await Promise.all(preload({ ...args, viewer }).map((options) => ensure(queryClient, options)));
    return null;
  };
}

/** The shell's own queries, for the layout route's loader. */
export function shellLoader(queryClient: QueryClient) {
  return preloadLoader(queryClient, () => SHELL_QUERIES);
}

async function ensure(queryClient: QueryClient, options: AnyQueryOptions): Promise<unknown> {
  // A failed query is left out of the cache (server-side only): the page renders its loading
  // state, as the browser's first render will, and the browser fetches it again.
  return queryClient.ensureQueryData({ ...(options as FetchOptions), retry: false }).catch(() => {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    return undefined;
  });
}
