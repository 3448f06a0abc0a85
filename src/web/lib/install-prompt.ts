import { useSyncExternalStore } from "react";

/**
 * The install offer (decision 045): the browser's own prompt is held back on every visit, and the
 * app offers installing once, from the second visit on. A visit is a browser session (a tab
 * opened on the site), counted once however many pages it shows. The offer waits for the
 * student's first scroll, tap or key of the visit: it does not pop up while the page is still
 * arriving, and so is never the page's largest paint (which the browser stops measuring at the
 * first input; a returning visitor's home page had it as its LCP, at 3 s).
 */

/** Chromium's `beforeinstallprompt` event (not in the DOM library: no other engine has it). */
type InstallPromptEvent = Event & { prompt: () => Promise<unknown> };

type Store = Pick<Storage, "getItem" | "setItem">;
type Target = Pick<Window, "addEventListener" | "removeEventListener">;

/** What counts as the student's first touch of the page. */
const INTERACTIONS = ["pointerdown", "keydown", "wheel", "scroll"] as const;

const VISITS_KEY = "app-visits";
const COUNTED_KEY = "app-visit-counted";
const OFFERED_KEY = "install-offered";
/** The visit from which the app offers installing (not the first: a stranger is not asked). */
export const OFFER_FROM_VISIT = 2;

let deferred: InstallPromptEvent | null = null;
let offerOpen = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function storageOrNull(kind: "localStorage" | "sessionStorage"): Store | null {
  try {
    return window[kind];
  } catch {
    // Storage blocked by the browser's settings: no count, so no offer.
    return null;
  }
}

/** This visit's number: counted once per browser session. */
export function countVisit(local: Store | null, session: Store | null): number {
  if (!local || !session) return 0;
  const visits = Number(local.getItem(VISITS_KEY) ?? 0) || 0;
  if (session.getItem(COUNTED_KEY) === "1") return visits;
  local.setItem(VISITS_KEY, String(visits + 1));
  session.setItem(COUNTED_KEY, "1");
  return visits + 1;
}

/**
 * Listens for the browser's install event from the start (it comes early). Called once, by
 * `registerServiceWorker` at start-up.
 */
export function captureInstallPrompt(
  win: Target = window,
  local: Store | null = storageOrNull("localStorage"),
  session: Store | null = storageOrNull("sessionStorage"),
) {
  const visit = countVisit(local, session);
  let interacted = false;
  const offer = () => {
    if (!interacted || !deferred || offerOpen) return;
    if (visit < OFFER_FROM_VISIT || local?.getItem(OFFERED_KEY) === "1") return;
    // Offered once: shown now (until answered or the tab closes), never on a later visit.
    local?.setItem(OFFERED_KEY, "1");
    offerOpen = true;
    emit();
  };
  const onFirstInteraction = () => {
    interacted = true;
    for (const type of INTERACTIONS) win.removeEventListener(type, onFirstInteraction, true);
    offer();
  };
  if (visit >= OFFER_FROM_VISIT && local?.getItem(OFFERED_KEY) !== "1") {
    for (const type of INTERACTIONS)
      win.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
  }
  win.addEventListener("beforeinstallprompt", (event) => {
    // Not the browser's banner on load: the app asks, once, at a calmer moment.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    offer();
    emit();
  });
  win.addEventListener("appinstalled", () => {
    local?.setItem(OFFERED_KEY, "1");
    closeOffer();
  });
}

function closeOffer() {
  deferred = null;
  offerOpen = false;
  emit();
}

/** Whether the install offer is open now. */
export function isInstallOffered(): boolean {
  return offerOpen && deferred !== null;
}

/** The same, for the app notices, which show it. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isInstallOffered,
    () => false,
  );
}

/** "Install": the browser's own install dialog, once. */
export async function acceptInstall() {
  const event = deferred;
  closeOffer();
  await event?.prompt().catch(() => undefined);
}

/** "Not now": the offer goes, and does not come back. */
export function declineInstall() {
  closeOffer();
}
