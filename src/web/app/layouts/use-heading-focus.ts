import { isAttemptActive } from "@web/lib/active-attempt.ts";
import { focusHeading } from "@web/lib/focus-heading.ts";
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Moving to another page moves focus to its heading (the page's h1), so a screen reader announces
 * the new page and Tab starts from its top instead of from the link that was left behind. Not on
 * the first load (the browser starts at the top), not while a timed attempt is on screen (its
 * runner moves focus itself), and not when the new page has put focus somewhere itself (a field,
 * a dialog). A page whose heading waits for its data gets focus there when the heading appears,
 * unless the reader has moved on by then.
 */
export function useHeadingFocusOnNavigation(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const rendered = useRef<{ pathname: string; focusedBefore: Element | null } | null>(null);
  // Read during render, before the new page commits: what had focus when the reader left.
  if (rendered.current?.pathname !== pathname) {
    rendered.current = {
      pathname,
      focusedBefore: typeof document === "undefined" ? null : document.activeElement,
    };
  }
  const isFirstPage = useRef(true);

  useEffect(() => {
    if (!pathname) return;
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    const main = mainRef.current;
    const focusedBefore = rendered.current?.focusedBefore ?? null;
    if (!main) return;
    /** True when there is nothing left to do: focus moved to the heading, or elsewhere. */
    const moveFocus = (): boolean => {
      if (isAttemptActive()) return true;
      const active = document.activeElement;
      if (active && active !== document.body && active !== focusedBefore) return true;
      const heading = main.querySelector("h1");
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    if (moveFocus()) return;
    const observer = new MutationObserver(() => {
      if (moveFocus()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, mainRef]);
}
