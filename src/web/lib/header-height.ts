import { useSyncExternalStore } from "react";

/**
 * The sticky header's height, for what sits below it (toasts, a mentor's sticky toolbar), or null
 * while there is no header (a running attempt has its own 3.5rem bar). Kept here, not as a CSS
 * variable on `<html>`: a variable set there restyles the whole page (on a long page, about
 * 120 ms of a simulated phone's main thread after hydration), while the few elements
 * that need the height get it in their own style.
 */
let height: number | null = null;
const listeners = new Set<() => void>();

export function publishHeaderHeight(value: number | null): void {
  if (value === height) return;
  height = value;
  for (const listener of listeners) listener();
}

export function useHeaderHeight(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => height,
    () => null,
  );
}

/** The CSS variable that elements below the header read, set on the element that uses it. */
export const HEADER_HEIGHT_VARIABLE = "--site-header-height";

/** `style` for an element whose descendants read `var(--site-header-height)`. */
export function headerHeightStyle(value: number | null): Record<string, string> | undefined {
  return value === null ? undefined : { [HEADER_HEIGHT_VARIABLE]: `${value}px` };
}
