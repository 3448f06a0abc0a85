// No zod here: the quiz list and the home page import this and must stay light.

export const QUIZ_DIFFICULTIES = ["Easy", "Medium", "Hard"] as const;
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
  empty: "No Quizzes Available",
  loadFailed: "Failed to load quizzes.",
  fetchError: "Error fetching data",
  loginRequiredTitle: "Login Required",
  loginRequiredAttempt: "Please log in to attempt quizzes.",
  loginRequiredSave: "Please log in to save quizzes.",
  startConflictTitle: "Error Starting Quiz",
  startConflict: "Failed to start new attempt due to a conflict. Please try refreshing.",
  noQuestions: "No questions found for this quiz.",
  initFailed: "Failed to initialize quiz attempt. Please refresh or try again.",
  pastNotFound: "Past attempt not found.",
  pastFetchError: "Error Fetching Past Result",
  bookmarkError: "Error updating bookmark",
  saved: "Quiz Saved!",
  unsaved: "Quiz Unsaved",
  linkCopied: "Link Copied!",
  submitted: "Quiz Submitted!",
  timesUp: "Time's Up!",
  autoSubmitting: "Submitting your quiz automatically.",
  quizNotFound: "Quiz not found.",
} as const;

/** Spec: 'English' alone, or the first language plus '+N More'. */
/** Each language in its own script, as readers look for it. */
const NATIVE_NAMES: Record<string, string> = {
  [LANGUAGE_LABELS.en]: "English",
  [LANGUAGE_LABELS.hi]: "हिन्दी",
};

/**
 * A quiz's languages, each named in its own script ("English, हिन्दी"; issue 19 replaced the
 * spec's "English +1 More", which hid the one fact a Hindi-medium reader looks for).
 */
export function languagesLabel(languages: readonly string[]): string {
  return languages.map((name) => NATIVE_NAMES[name] ?? name).join(", ");
}
