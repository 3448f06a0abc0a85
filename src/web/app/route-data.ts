import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router";
import { type SessionData, sessionQueryOptions } from "../lib/auth.ts";
import { publicSettingsQueryOptions } from "../lib/site-settings.ts";

// Any page query's options (each made by `queryOptions`, so `ensureQueryData` takes them).
type AnyQueryOptions = { queryKey: readonly unknown[] };
type FetchOptions = Parameters<QueryClient["ensureQueryData"]>[0];

/**
 * The queries a page shows first, from its URL (decision 046). `viewer` is the session's data when
 * it is known (null: a visitor; undefined: not known yet), so a page can ask for a visitor's
 * sections only for visitors.
 */
export type PagePreload = (
  args: LoaderFunctionArgs & { viewer: SessionData | undefined },
) => readonly (AnyQueryOptions | ChainedPreload)[];

/**
 * A query whose answer decides what else the page needs (an exam's URL is a live test's waiting
 * room or an ordinary start screen, decision 047). The server renders with `first`, then with
 * `next(its data)` (nothing more for a waiting room, which must cost no database read); the
 * browser starts `first` and `next(undefined)` side by side, never one after the other.
 */
export type ChainedPreload = {
  first: AnyQueryOptions;
  next: (data: unknown) => readonly AnyQueryOptions[];
};

const isChained = (item: AnyQueryOptions | ChainedPreload): item is ChainedPreload =>
  "first" in item;

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
      const viewer = queryClient.getQueryData<SessionData>(sessionQueryOptions.queryKey);
      const items = preload({ ...args, viewer });
      const all = items.flatMap((item) =>
        isChained(item) ? [item.first, ...item.next(undefined)] : [item],
      );
      for (const options of all) {
        // A query read afresh on every visit (staleTime 0) is fetched by the page as it mounts;
        // started here too, it would be asked twice whenever it came back before the code.
        if ((options as { staleTime?: unknown }).staleTime === 0) continue;
        void queryClient.prefetchQuery(options as FetchOptions);
      }
      return null;
    }
    const viewer = (await ensure(queryClient, sessionQueryOptions)) as SessionData | undefined;
    await Promise.all(
      preload({ ...args, viewer }).map(async (item) => {
        if (!isChained(item)) return ensure(queryClient, item);
        const data = await ensure(queryClient, item.first);
        await Promise.all(item.next(data).map((options) => ensure(queryClient, options)));
      }),
    );
    return null;
  };
}

/**
 * The shell's own queries, for the layout route's loader: on the server only. In the browser the
 * layout, which stays mounted, already keeps them; a loader would ask for the session again on
 * every navigation once it is 30 s old.
 */
export function shellLoader(queryClient: QueryClient) {
  const load = preloadLoader(queryClient, () => SHELL_QUERIES);
  return import.meta.env.SSR ? load : () => null;
}

async function ensure(queryClient: QueryClient, options: AnyQueryOptions): Promise<unknown> {
  // A failed query is left out of the cache (server-side only): the page renders its loading
  // state, as the browser's first render will, and the browser fetches it again.
  return queryClient.ensureQueryData({ ...(options as FetchOptions), retry: false }).catch(() => {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
    return undefined;
  });
}
