import type { AttemptKind } from "../../shared/attempt-kinds.ts";
import { msg } from "../../shared/i18n/msg.ts";

/**
 * How any page links to an attempt of each kind and names it (decision 033). Here, below the
 * features, because the home page and the dashboard link to attempts too; everything else about
 * a kind is its module in `features/exams/kinds/`.
 */
export const ATTEMPT_LINKS: Record<
  AttemptKind,
  {
    /** The start screen (and the attempt) of a target. */
    path: (targetId: string) => string;
    /**
     * The badge beside an open attempt (a key: shown through t()), and whether attempts are
     * numbered ('Attempt #2').
     */
    label: string | null;
  }
> = {
  exam: { path: (id) => `/exam/${id}`, label: null },
  quiz: { path: (id) => `/quiz/${id}/attempt`, label: msg("Quiz") },
  practice: { path: (id) => `/practice/${id}`, label: msg("Practice") },
  revision: { path: (id) => `/revision/${id}`, label: msg("Revision") },
  // A live test's attempt is at its exam's address (the waiting room, then the runner).
  live: { path: (id) => `/exam/${id}`, label: msg("Live test") },
  mains: { path: (id) => `/student/mains-tests/${id}`, label: msg("Mains test") },
};
