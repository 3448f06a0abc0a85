// No zod here: the quiz list and the home page import this and must stay light.
import { msg } from "./i18n/msg.ts";

export const QUIZ_DIFFICULTIES = [msg("Easy"), msg("Medium"), msg("Hard")] as const;
export type QuizDifficulty = (typeof QUIZ_DIFFICULTIES)[number];

export const DEFAULT_QUIZ_DURATION_MINUTES = 10;
export const QUIZ_PAGE_SIZE = 12;

/** The languages a question can be written in; English is always there. */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { en: "English", hi: "Hindi" };
/** How each language names itself on the switch. */
export const LANGUAGE_NATIVE_LABELS: Record<Language, string> = { en: "English", hi: "हिन्दी" };

export const QUIZ_FILTERS = ["all", "saved", "not-attempted"] as const;
export type QuizFilter = (typeof QUIZ_FILTERS)[number];

/** The spec's strings for quizzes (toasts, empty states, errors), word for word. */
export const QUIZ_MESSAGES = {
  empty: msg("No Quizzes Available"),
  loadFailed: msg("Failed to load quizzes."),
  fetchError: msg("Error fetching data"),
  loginRequiredTitle: msg("Login Required"),
  loginRequiredAttempt: msg("Please log in to attempt quizzes."),
  loginRequiredSave: msg("Please log in to save quizzes."),
  startConflictTitle: msg("Error Starting Quiz"),
  startConflict: msg("Failed to start new attempt due to a conflict. Please try refreshing."),
  noQuestions: msg("No questions found for this quiz."),
  initFailed: msg("Failed to initialize quiz attempt. Please refresh or try again."),
  pastNotFound: msg("Past attempt not found."),
  pastFetchError: msg("Error Fetching Past Result"),
  bookmarkError: msg("Error updating bookmark"),
  saved: msg("Quiz Saved!"),
  unsaved: msg("Quiz Unsaved"),
  linkCopied: msg("Link Copied!"),
  submitted: msg("Quiz Submitted!"),
  timesUp: msg("Time's Up!"),
  autoSubmitting: msg("Submitting your quiz automatically."),
  quizNotFound: msg("Quiz not found."),
} as const;

/** Spec: 'English' alone, or the first language plus '+N More'. */
/** Each language in its own script, as readers look for it. */
const NATIVE_NAMES: Record<string, string> = {
  [LANGUAGE_LABELS.en]: "English",
  [LANGUAGE_LABELS.hi]: "हिन्दी",
};

/**
 * A quiz's languages, each named in its own script ("English, हिन्दी", in place of the
 * spec's "English +1 More", which hid the one fact a Hindi-medium reader looks for).
 */
export function languagesLabel(languages: readonly string[]): string {
  return languages.map((name) => NATIVE_NAMES[name] ?? name).join(", ");
}
