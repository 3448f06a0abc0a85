import { type ReactNode, Suspense } from "react";

/**
 * A part of a server-rendered page that React takes over after what is outside it, in a render
 * and commit of its own (the page's Total Blocking Time, decision 054). React hydrates the content
 * of a Suspense boundary in a later pass at a lower priority, so a long page's hydration, its
 * commit and its effects are no longer one long task but one per nesting level, the first screen
 * first. Nothing changes on screen or in the HTML's content (the server writes the boundary as two
 * comments); a tap on a part not yet taken over makes React take it over at once and replays the
 * tap. On pages the browser renders itself it is a plain Suspense boundary: nothing inside
 * suspends (a lazy part keeps its own boundary), so the fallback is never shown.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
