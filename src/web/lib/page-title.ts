import { useEffect, useSyncExternalStore } from "react";

// A page may name itself more precisely than its route (a news article's headline). The layout
// owns document.title; pages only register an override here. A store rather than setting
// document.title directly, because React runs the page's effects before the layout's.
let override: { title: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** "Exams · My Exam App"; the bare app title when there is no page name. */
export function formatDocumentTitle(pageTitle: string | null | undefined, appTitle: string) {
  return pageTitle ? `${pageTitle} · ${appTitle}` : appTitle;
}

/** Names the current page in the document title while it is mounted (null: the route's name). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const entry = { title };
    override = entry;
    emit();
    return () => {
      if (override === entry) {
        override = null;
        emit();
      }
    };
  }, [title]);
}

/** For the layout: writes "{page} · {app}", the page's own name winning over the route's. */
export function useDocumentTitle(routeTitle: string | null, appTitle: string) {
  // No page has registered a name on the server, nor before hydration.
  const current = useSyncExternalStore(
    subscribe,
    () => override,
    () => null,
  );
  const title = formatDocumentTitle(current?.title ?? routeTitle, appTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
