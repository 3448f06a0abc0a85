import type { QueryClient } from "@tanstack/react-query";
import type { ApiError } from "@web/lib/api.ts";
import type { ReactNode } from "react";
import type { NavigateFunction } from "react-router";
import type { Language } from "../../../../shared/quiz-constants.ts";
import type { AttemptReview, AttemptSession } from "../api/attempts.ts";
import type { RunnerTexts } from "../components/attempt-runner.tsx";
import type { StartScreenModel } from "../components/exam-start-screen.tsx";

/**
 * What the pages outside the attempt itself need to know about a kind (My Results, the review
 * pages): plain data, in `facts.ts`, so those pages do not load the attempt page's code.
 */
export type AttemptKindFacts = {
  /** The badge on a My Results card (a key, shown through t()). */
  resultBadge: string;
  /** The My Results card's link to the attempt's review or result (a key). */
  resultLinkLabel: string;
  /**
   * Whether the student's completed review offers "Save for revision" (a revision session's
   * questions are in the notebook already).
   */
  reviewFeedsRevision: boolean;
};

/** What the attempt page knows when a kind decides something. */
export type PageContext = {
  id: string;
  dashboardPath: string;
  isStudent: boolean;
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** Shows the kind's `review` view in place of the runner. */
  showReview: (review: AttemptReview) => void;
  /** The question language the student chose (the review shows the questions in it). */
  language: Language;
};

/** What a kind's own start screen may do: start (or resume), and when its data was read. */
export type StartActions = { onStart: () => void; isStarting: boolean; receivedAt: number };

/**
 * One attempt kind on the web (decision 033): its facts, its requests, and everything the one
 * attempt page (`routes/attempt-page.tsx`) does differently for it. `index.ts` keys one module per
 * kind by `AttemptKind`, so a kind added to `shared/attempt-kinds.ts` does not compile until it
 * has one.
 */
export type AttemptKindModule<Overview> = AttemptKindFacts & {
  overviewKey: (id: string) => readonly unknown[];
  /** The start screen's data (read only: reading it starts nothing). */
  getOverview: (id: string) => Promise<Overview>;
  /** Overview fetch tries on a network or server error. */
  overviewTries: number;
  /** The title of the toast for a failed overview read, when the kind shows one (a key). */
  overviewErrorTitle: string | null;
  /** Starts the attempt, or resumes the open one. */
  start: (id: string) => Promise<AttemptSession>;
  onStartError: (error: Error, page: PageContext) => void;
  /** Tell the student that their earlier attempt ran out of time and was graded. */
  noticesFinalized: boolean;
  /** The start screen's model (the common start screen), or the kind's own screen. */
  startModel?: (overview: Overview) => StartScreenModel;
  startScreen?: (overview: Overview, actions: StartActions, page: PageContext) => ReactNode;
  back: (page: PageContext) => { to: string; label: string };
  /** The loading line's text (a key, shown through t()). */
  loadingLabel: string;
  maintenance: (page: PageContext) => ReactNode;
  loadFailed: (error: unknown, page: PageContext) => ReactNode;
  noQuestions: (page: PageContext) => ReactNode;
  refused: (error: ApiError, page: PageContext) => ReactNode;
  /**
   * The kind's own session in place of the question runner (a Mains test's paper and booklet);
   * without it the runner shows the session.
   */
  session?: (session: AttemptSession, page: PageContext) => ReactNode;
  texts: (session: AttemptSession) => RunnerTexts;
  exitTo: (page: PageContext) => string;
  /** The questions show in Hindi too, where an admin gave them a Hindi version. */
  hasLanguages: boolean;
  onDone: (review: AttemptReview, page: PageContext) => void;
  /** Right after submit, in place of the runner (the exam's summary); a quiz moves to its result. */
  review: (review: AttemptReview, page: PageContext) => ReactNode;
};
