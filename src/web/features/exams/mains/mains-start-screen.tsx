import type { MainsOverview } from "../api/mains-tests.ts";
import type { PageContext, StartActions } from "../kinds/kind.ts";

/** The Mains test's start screen: built on the mains branch before it reaches main. */
export function MainsStartScreen(_props: {
  overview: MainsOverview;
  actions: StartActions;
  back: { to: string; label: string };
  page: PageContext;
}) {
  return null;
}
