/** Item analysis for admins (decisions 034 and 036): the spec's words and the rule. */
import { msg } from "./i18n/msg.ts";

/** The page title of `/admin/exams/{examId}/analysis` and `/admin/quizzes/{quizId}/analysis`. */
export const ITEM_ANALYSIS_TITLE = msg("Question Analysis");

/** The flag on a question whose top scorers chose one distractor more often than the key. */
export const CHECK_KEY_LABEL = msg("Check the key");

/** The discrimination index compares the top and the bottom 27% of scorers. */
export const DISCRIMINATION_GROUP = 0.27;

/** Shown through `t()`; `success` takes the values `regraded` and `attempts`. */
export const REGRADE_TEXTS = {
  button: msg("Regrade"),
  pending: msg("Regrading..."),
  confirmTitle: msg("Regrade every completed attempt?"),
  confirmBody: msg(
    "Every completed attempt is graded again with the current answer keys: scores, pass, ranks and percentiles change where a key was corrected, and those students see a note on their result.",
  ),
  successTitle: msg("Regrade Complete"),
  success: msg("{{regraded}} of {{attempts}} completed attempts changed."),
  failure: msg("Could not regrade."),
} as const;

/** The note on a student's result after a regrade changed it (decision 036); `{{date}}` the day. */
export const REGRADE_NOTE = msg(
  "The answer key was corrected on {{date}}. Your score has been recalculated.",
);
