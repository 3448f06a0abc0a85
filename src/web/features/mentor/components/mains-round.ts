import { msg } from "../../../../shared/i18n/msg.ts";
import type { EvaluationMode, MarkRound } from "../../../../shared/mains-tests.ts";

/** A marking round as the desk names it. */
export const MARK_ROUND_LABELS: Record<MarkRound, string> = {
  first: msg("First marking"),
  second: msg("Second marking"),
  reeval: msg("Re-evaluation"),
};

/** How a test's first marking is claimed. */
export const EVALUATION_MODE_LABELS: Record<EvaluationMode, string> = {
  booklet: msg("A booklet at a time"),
  question: msg("A question at a time"),
};
