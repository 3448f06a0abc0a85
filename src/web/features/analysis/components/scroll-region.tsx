import type { ReactNode } from "react";

/**
 * A wide table on a phone scrolls sideways inside this box, which keyboard users can focus to
 * scroll (axe: scrollable-region-focusable). The kit table's own scroll box is turned off inside.
 */
export function ScrollRegion(props: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={props.label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard.
      tabIndex={0}
      className="min-w-0 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-primary [&>div]:overflow-visible"
    >
      {props.children}
    </section>
  );
}
