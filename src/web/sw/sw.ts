// The service worker (decision 045), built to /sw.js by scripts/lib/service-worker-build.ts and
// type-checked against the WebWorker library by src/web/sw/tsconfig.json.
//
// - Install: precaches this build's shell (index.html), the entry's files and the code of the
//   pages that can be read offline, under `precache-<build>`.
// - Navigations: the network first, never stored (a page's HTML may carry the viewer). Offline,
//   an article or note whose data is saved gets the shell, anything else the offline page.
// - API: only the allow-list of src/web/lib/offline-policy.ts is stored (network first, the saved
//   copy offline); every other request passes by untouched, so an exam's saves keep their own
//   queue and no personal or answer data ever lands in a cache.
// - Updates: a new worker waits until the page asks it to take over (the "Reload to update"
//   banner, never shown during an attempt); it keeps the previous build's precache for pages
//   still open on that build.
//
// Further handlers (push) are installed below, beside the fetch handler.

import {
  LANGUAGE_COOKIE,
  requestedLanguage,
  type UiLanguage,
} from "../../shared/i18n/languages.ts";
import {
  CACHES,
  endsPrivateReading,
  isBuildAsset,
  MAX_READING_ENTRIES,
  MAX_RUNTIME_ASSETS,
  offlineDataFor,
  pageForData,
  type ReadingCache,
  readingCacheFor,
  SHELL_URL,
} from "../lib/offline-policy.ts";
import { installPushHandlers } from "../sw-push.ts";
import { offlinePageHtml, type SavedReading } from "./offline-page.ts";

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build: this build's id, and the files to precache (absolute paths). */
declare const __SW_BUILD__: string;
declare const __SW_PRECACHE__: string[];
/** The entry scripts this build's index.html loads. */
declare const __SW_SHELL_SCRIPTS__: string[];

const PRECACHE = `${CACHES.precachePrefix}${__SW_BUILD__}`;
const PRECACHED = new Set(__SW_PRECACHE__);
/** Bumped whenever the private cache is emptied: an answer that started before is not stored. */
let privateGeneration = 0;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

// Reminders by Web Push (decision 044): shown as notifications; a click opens or
// focuses the page they link to. The push side keeps no cache of its own.
installPushHandlers(self);

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

self.addEventListener("message", (event) => {
  const message = event.data as { type?: unknown; url?: unknown } | null;
  // Sent by the page's "Reload to update" (src/web/lib/service-worker.ts).
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
  // Sent by a page the server rendered with its data (an article): keep its API answer for
  // offline reading, as if the page had fetched it. Only the allow-list's paths, same origin.
  if (message?.type === "KEEP_FOR_OFFLINE" && typeof message.url === "string") {
    const url = new URL(message.url, self.location.origin);
    const cache =
      url.origin === self.location.origin && url.search === "" && readingCacheFor(url.pathname);
    if (cache) {
      event.waitUntil(
        networkFirst(new Request(url, { credentials: "same-origin" }), cache).catch(
          () => undefined,
        ),
      );
    }
  }
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (endsPrivateReading(request.method, url.pathname)) {
    event.waitUntil(clearPrivateReading());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request, url));
    return;
  }
  if (url.pathname.startsWith("/api/")) {
    const cache = url.search === "" ? readingCacheFor(url.pathname) : null;
    if (cache) event.respondWith(networkFirst(request, cache));
    // Anything else under /api goes to the network as if there were no worker.
    return;
  }
  if (isBuildAsset(url.pathname)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (PRECACHED.has(url.pathname)) event.respondWith(precachedOrNetwork(request, url.pathname));
});

async function precache() {
  const cache = await caches.open(PRECACHE);
  await Promise.all(
    __SW_PRECACHE__.map(async (path) => {
      if (await cache.match(path)) return;
      // A hashed file another build already saved has the same bytes: copy it, no download.
      const saved = isBuildAsset(path) ? await caches.match(path) : undefined;
      if (saved) return cache.put(path, saved);
      // The shell and the public files have no hash in their names: ask the server, not the
      // HTTP cache, so this build's copy is the one saved.
      const response = await fetch(path, { cache: isBuildAsset(path) ? "default" : "no-cache" });
      if (!response.ok) throw new Error(`Could not precache ${path}: ${response.status}`);
      if (path === SHELL_URL) await assertThisBuildsShell(response.clone());
      await cache.put(path, response);
    }),
  );
}

/**
 * During a rolling deploy the shell may come from an instance still on the previous build: such
 * an install fails (and the browser tries again on a later visit) rather than keep a shell whose
 * scripts are not this build's.
 */
async function assertThisBuildsShell(response: Response) {
  const html = await response.text();
  const missing = __SW_SHELL_SCRIPTS__.filter((script) => !html.includes(script));
  if (missing.length > 0) throw new Error(`The shell is not this build's: ${missing.join(", ")}`);
}

async function activate() {
  const names = await caches.keys();
  // Names come in the order they were created: the last other precache is the previous build's,
  // kept so a page still open on it (an exam) finds its code after this worker takes over.
  const previous = names
    .filter((n) => n.startsWith(CACHES.precachePrefix) && n !== PRECACHE)
    .at(-1);
  const keep = new Set<string>([
    PRECACHE,
    CACHES.assets,
    CACHES.publicReading,
    CACHES.privateReading,
    ...(previous ? [previous] : []),
  ]);
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => caches.delete(name)));
  await self.clients.claim();
}

async function clearPrivateReading() {
  privateGeneration += 1;
  await caches.delete(CACHES.privateReading);
}

/** The network's page, never stored; offline, the shell for saved reading, else the offline page. */
async function navigate(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const data = offlineDataFor(url.pathname);
    if (data && (await caches.match(data.url, { cacheName: data.cache, ignoreVary: true }))) {
      const shell = await caches.match(SHELL_URL, { cacheName: PRECACHE });
      if (shell) return shell;
    }
    return offlinePage();
  }
}

/** An allow-listed API answer: the network's, saved for later; offline, the saved one. */
async function networkFirst(request: Request, cacheName: ReadingCache): Promise<Response> {
  const generation = privateGeneration;
  const key = new URL(request.url).pathname;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const saved = await caches.match(key, { cacheName, ignoreVary: true });
    if (saved) return saved;
    throw error;
  }
  const stale = cacheName === CACHES.privateReading && generation !== privateGeneration;
  if (response.status === 200 && !stale) {
    const cache = await caches.open(cacheName);
    await cache.put(key, response.clone());
    await trim(cache, MAX_READING_ENTRIES);
  } else if (response.status >= 400 && response.status < 500) {
    // Gone, or no longer allowed (a plan ended): the saved copy goes too.
    await (await caches.open(cacheName)).delete(key);
  }
  return response;
}

/** A hashed build file: the saved copy (its name changes with its bytes), else the network's. */
async function cacheFirst(request: Request): Promise<Response> {
  const saved = await caches.match(request, { ignoreVary: true });
  if (saved) return saved;
  const response = await fetch(request);
  if (response.status === 200) {
    const cache = await caches.open(CACHES.assets);
    await cache.put(request, response.clone());
    await trim(cache, MAX_RUNTIME_ASSETS);
  }
  return response;
}

async function precachedOrNetwork(request: Request, path: string): Promise<Response> {
  return (await caches.match(path, { cacheName: PRECACHE })) ?? fetch(request);
}

/** Drops the oldest entries beyond `max` (a cache lists its keys in the order they were put). */
async function trim(cache: Cache, max: number) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

async function offlinePage(): Promise<Response> {
  const language = await readerLanguage();
  const html = offlinePageHtml(language, await savedReading(language));
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

/** The interface language: the app's `lang` cookie where the worker can read it, else the browser's. */
async function readerLanguage(): Promise<UiLanguage> {
  const store = (
    self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }
  ).cookieStore;
  const cookie = await store?.get(LANGUAGE_COOKIE).catch(() => null);
  return requestedLanguage({
    cookie: cookie?.value ?? null,
    acceptLanguage: self.navigator.languages.join(","),
  });
}

/** Every article and note saved for offline reading, newest first, titled in `language`. */
async function savedReading(language: UiLanguage): Promise<SavedReading[]> {
  const saved: SavedReading[] = [];
  for (const name of [CACHES.privateReading, CACHES.publicReading]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const key of [...(await cache.keys())].reverse()) {
      const target = pageForData(new URL(key.url).pathname);
      const body = target
        ? ((await (await cache.match(key))?.json().catch(() => null)) as {
            title?: unknown;
            titleHi?: unknown;
          } | null)
        : null;
      if (!target || typeof body?.title !== "string") continue;
      const hindi = language === "hi" && typeof body.titleHi === "string" && body.titleHi !== "";
      saved.push({
        page: target.page,
        kind: target.kind,
        title: hindi ? (body.titleHi as string) : body.title,
        lang: hindi ? "hi" : "en",
      });
    }
  }
  return saved;
}
