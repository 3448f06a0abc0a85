import type { AttemptSession } from "../api/attempts.ts";
import type { PageContext } from "../kinds/kind.ts";

/** The paper and the booklet: built on the mains branch before it reaches main. */
export function BookletSession(_props: { session: AttemptSession; page: PageContext }) {
  return null;
}
