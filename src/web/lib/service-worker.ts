import { useSyncExternalStore } from "react";
import { captureInstallPrompt } from "./install-prompt.ts";
import { offlineDataFor } from "./offline-policy.ts";

/**
 * The page's side of the service worker (src/web/sw/sw.ts, decision 045): registers it, notices
 * a new version waiting, and lets the page ask that version to take over.
 *
 * A new worker waits (it never takes over by itself), so an open exam is never interrupted. Pages
 * other than an attempt show "Reload to update" (app/layouts/app-notices.tsx); its click tells the
 * waiting worker to take over and reloads this tab once it has. Other tabs (an exam among them)
 * only see the banner go: their page stays as it is, and the worker keeps the previous build's
 * files for them.
 */

let waiting: ServiceWorker | null = null;
let reloadRequested = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** How often a long-open tab asks for a new version, when it comes back into view. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** The message asking the worker to keep a reading page's API answer. */
export const KEEP_FOR_OFFLINE = "KEEP_FOR_OFFLINE";

/** Called once at start-up (main.tsx). The worker is built for production only (vite build). */
export function registerServiceWorker() {
  captureInstallPrompt();
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").then(watchForUpdates, () => {
      // No worker (storage refused, a private window): the app works as before, online.
    });
  };
  // After the page has loaded: installing fetches the shell's files, which must not compete
  // with the first screen on a slow phone.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

function watchForUpdates(registration: ServiceWorkerRegistration | undefined) {
  // A browser that blocks workers (a policy, or Playwright's `serviceWorkers: "block"`) may
  // answer the registration with nothing: no worker, nothing to watch.
  if (!registration) return;
  const container = navigator.serviceWorker;
  // A worker waiting while another controls this page is a new version. The very first worker
  // takes over at once (a page with no worker has nothing to interrupt) and is no update.
  const check = () => setWaiting(container.controller ? registration.waiting : null);
  check();
  registration.addEventListener("updatefound", () => {
    registration.installing?.addEventListener("statechange", check);
  });
  container.addEventListener("controllerchange", () => {
    if (reloadRequested) window.location.reload();
    else check();
  });
  let checkedAt = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => {
      // Offline: the next check will do.
    });
  });
}

/** Whether a new version is waiting to take over. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** "Reload to update": the waiting version takes over, then this tab reloads on it. */
export function applyUpdate() {
  if (!waiting) return;
  reloadRequested = true;
  waiting.postMessage({ type: "SKIP_WAITING" });
}

/**
 * A page the server rendered came with its data in the HTML, so the browser never asked the API
 * for it and the worker never saw the answer it keeps for offline reading (an article). When
 * this page is one of those, the worker is asked to fetch and keep it (decisions 045, 046).
 */
export function keepRenderedPageForOffline() {
  const data = offlineDataFor(window.location.pathname);
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (data && worker) worker.postMessage({ type: KEEP_FOR_OFFLINE, url: data.url });
}
