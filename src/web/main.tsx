import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, type RouteObject, RouterProvider } from "react-router";
import { readPageState } from "./app/page-state.ts";
import { AppProviders } from "./app/providers.tsx";
import { routeDiscovery, withPositionIds } from "./app/route-discovery.ts";
import { routesWithIds } from "./app/route-ids.ts";
import { DAY_COUNTED_QUERY_KEYS } from "./app/route-preloads.ts";
import { createRoutes } from "./app/router.tsx";
import { adoptPageViewer } from "./lib/auth.ts";
import { prepareClassMerge } from "./lib/cn.ts";
import { applyLanguage, initialLanguage } from "./lib/i18n.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { reloadOnNewBuild } from "./lib/reload-on-new-build.ts";
import { keepRenderedPageForOffline, registerServiceWorker } from "./lib/service-worker.ts";
import { readerTimeZone, rememberTimeZone } from "./lib/time-zone.ts";
import { nextTask, whenIdle } from "./lib/yield.ts";
import "./styles.css";

reloadOnNewBuild();
registerServiceWorker();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The server's page state (decision 046): the viewer, the settings and the page's first data are
// already in the cache, so the first render makes no request for them.
const state = readPageState();
const queryClient = createQueryClient();

/** A server-rendered page hydrates on the same route code: its lazy parts load first. */
async function loadRouteCode(list: RouteObject[], ids: readonly string[]) {
  const lazy = routesWithIds(list, ids).filter((route) => route.lazy);
  await Promise.all(
    lazy.map(async (route) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Marks the server's page as taken over: its buttons take taps from now on (index.html); then,
 * when the phone is idle, the work the first screen does not wait for.
 */
function Hydrated() {
  useEffect(() => {
    performance.mark("hydrated");
    document.documentElement.removeAttribute("data-hydrating");
    whenIdle(afterHydration);
  }, []);
  return null;
}

/**
 * The server renders the next page's day-counted figures (streak, due cards) in the browser's
 * zone; a page counted in another zone than this browser's (a first visit from outside India) was
 * shown as rendered, and is asked again in this one (a device on India's clock is told apart by
 * its offset, lib/time-zone.ts). A rendered page the service worker keeps for offline reading is
 * offered to it here too.
 */
function afterHydration() {
  // The page's viewer remembered for offline reading: the device's storage, a few milliseconds
  // the first time, out of the start-up.
  if (state) adoptPageViewer(queryClient);
  if (state?.rendered) keepRenderedPageForOffline();
  rememberTimeZone();
  if (state && state.timeZone !== readerTimeZone()) {
    for (const queryKey of DAY_COUNTED_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey });
  }
}

async function start(all: RouteObject[]) {
  // The branch the server matched, and the rest as the reader goes (decision 054).
  const { routes, patchRoutesOnNavigation } = routeDiscovery(all, state?.routeIds ?? null);
  const router = createBrowserRouter(routes, {
    hydrationData: state?.router,
    patchRoutesOnNavigation,
  });
  // React DOM's root (a listener for every event type) and the first slice: the next task.
  await nextTask();
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
        <Hydrated />
      </AppProviders>
    </StrictMode>
  );
  // In a transition, React renders (or takes over the server's HTML) in slices, giving the phone's
  // main thread back between them, rather than in one long task (TBT, decision 054).
  startTransition(() => {
    if (state?.rendered) hydrateRoot(root as HTMLElement, app);
    else createRoot(root as HTMLElement).render(app);
  });
}

/**
 * The start-up in steps, each its own task, so a phone's main thread is never held for the whole
 * of it (the page's Total Blocking Time, decision 054): this file's modules are evaluated first
 * (React's own code is most of it), then the page state and the routes, then the page's code (its
 * own task, when it arrives), then the hydration, in slices.
 */
async function boot() {
  await nextTask();
  if (state) hydrate(queryClient, state.queries);
  const routes = withPositionIds(createRoutes(queryClient));
  // A Hindi reader's first paint is in Hindi: its catalog is fetched before the first render
  // (English needs nothing; decision 039). The server says which language its HTML is in. If the
  // catalog cannot be fetched, the app opens in English.
  await applyLanguage(state?.language ?? initialLanguage()).catch(() => applyLanguage("en"));
  // Asking for the page's code appends its chunks' preload links, ~1 ms each on a phone: a task of
  // its own, after the state's.
  await nextTask();
  try {
    if (state?.rendered)
      await Promise.all([loadRouteCode(routes, state.routeIds ?? []), prepareClassMerge()]);
  } finally {
    await nextTask();
    await start(routes);
  }
}

void boot();
