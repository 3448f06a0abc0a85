import { msg } from "../../../../shared/i18n/msg.ts";
import { PRACTICE_MESSAGES } from "../../../../shared/practice-messages.ts";
import { getPracticeOverview, startPracticeAttempt } from "../api/attempts.ts";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import { setKind } from "./set.tsx";

/** A practice test the student built from the bank (decision 041). */
export const practice = setKind({
  facts: ATTEMPT_KIND_FACTS.practice,
  keyPart: "practice",
  getOverview: getPracticeOverview,
  start: startPracticeAttempt,
  home: "/student/practice",
  backLabel: msg("Back to Practice"),
  kicker: msg("Practice test"),
  messages: PRACTICE_MESSAGES,
});
