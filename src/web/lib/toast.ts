/**
 * Spec: toasts show one at a time, 5 s by default; errors use the destructive style.
 *
 * sonner (33 KB of script) is not part of any page's first download (decision 054): it is loaded
 * when the page is idle or at the first toast, whichever comes first, and the toaster is mounted
 * then (`toasterStore`). A toast asked for before it mounts is shown when it does (sonner replays
 * the active toasts to a toaster that subscribes late).
 */
type Kind = "success" | "info" | "error";
type Options = { duration?: number };

let sonner: Promise<typeof import("sonner")> | null = null;
/** sonner's module, loaded once on first use. */
export const loadSonner = () => {
  sonner ??= import("sonner");
  return sonner;
};

let wanted = false;
const listeners = new Set<() => void>();
/** Whether the toaster should be mounted: once asked for, for the page's life. */
export const toasterStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  wanted: () => wanted,
  want() {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  },
};

const show = (kind: Kind) => (title: string, description?: string, options?: Options) => {
  toasterStore.want();
  void loadSonner().then(({ toast }) => toast[kind](title, { description, ...options }));
};

export const notify = { success: show("success"), info: show("info"), error: show("error") };
