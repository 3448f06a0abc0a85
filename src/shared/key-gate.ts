import { msg } from "./i18n/msg.ts";

/**
 * Why a question's answer key is held from a student (the server's answer-keys gate, decision
 * 060): in one of their open attempts, in a live test whose results are not out, in a quiz not
 * yet published, not yet answered by them, or premium without a plan.
 */
export const KEY_HOLDS = [
  "open_attempt",
  "live_unpublished",
  "unpublished",
  "unanswered",
  "premium",
] as const;
export type KeyHold = (typeof KEY_HOLDS)[number];

/** What a student reads where a key is held. */
export const KEY_HOLD_TEXT: Record<KeyHold, string> = {
  open_attempt: msg(
    "You have a test in progress that includes this question. Its answer and explanation are shown after you submit that test.",
  ),
  live_unpublished: msg(
    "This question is in a live test whose results are not out yet. Its answer is shown when they are published.",
  ),
  unpublished: msg("This question's answer is shown once its quiz is published."),
  unanswered: msg("Answer this question to see its answer and explanation."),
  premium: msg("This question is from a premium paper. Subscribe to a plan to see its answer."),
};
