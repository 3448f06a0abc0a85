import { msg } from "../../../../shared/i18n/msg.ts";
import { REVISION_MESSAGES } from "../../../../shared/practice-messages.ts";
import { getRevisionOverview, startRevisionAttempt } from "../api/attempts.ts";
import { ATTEMPT_KIND_FACTS } from "./facts.ts";
import { setKind } from "./set.tsx";

/** A revision session of the student's due notebook cards (decision 041). */
export const revision = setKind({
  facts: ATTEMPT_KIND_FACTS.revision,
  keyPart: "revision",
  getOverview: getRevisionOverview,
  start: startRevisionAttempt,
  home: "/student/revision",
  backLabel: msg("Back to Revision"),
  kicker: msg("Revision session"),
  messages: REVISION_MESSAGES,
});
