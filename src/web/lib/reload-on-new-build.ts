const KEY = "reloaded-for-new-build-at";
const ONCE_PER_MS = 60_000;

/**
 * After a deploy, a page loaded from the previous version asks for code-split files that no
 * instance has any more (their names carry the old build's hash), and the next screen fails to
 * load. Vite reports that as `vite:preloadError`: reload once so the page and its files come from
 * the same build; a second failure within a minute is a real error and is left to show.
 */
export function reloadOnNewBuild(
  win: Pick<Window, "addEventListener"> & { location: Pick<Location, "reload"> } = window,
  storage: Pick<Storage, "getItem" | "setItem"> | null = sessionStorageOrNull(),
  now: () => number = Date.now,
) {
  // Without somewhere to note the reload, a failure could reload forever: leave it to show.
  if (!storage) return;
  win.addEventListener("vite:preloadError", (event) => {
    const last = Number(storage.getItem(KEY) ?? 0);
    if (now() - last < ONCE_PER_MS) return;
    event.preventDefault();
    storage.setItem(KEY, String(now()));
    win.location.reload();
  });
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings.
    return null;
  }
}
