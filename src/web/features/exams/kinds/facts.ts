import type { AttemptKind } from "../../../../shared/attempt-kinds.ts";
import { msg } from "../../../../shared/i18n/msg.ts";
import type { AttemptKindFacts } from "./kind.ts";

/**
 * Each kind's facts (see `AttemptKindFacts`). Apart from the kinds' modules so that My Results and
 * the review pages read them without loading the attempt page's code; each module spreads its own.
 */
export const ATTEMPT_KIND_FACTS: Record<AttemptKind, AttemptKindFacts> = {
  exam: {
    resultBadge: msg("Exam"),
    resultLinkLabel: msg("Review Exam"),
    reviewFeedsRevision: true,
  },
  // The review page opens a quiz attempt on the quiz's own result screen.
  quiz: {
    resultBadge: msg("Quiz"),
    resultLinkLabel: msg("View Result"),
    reviewFeedsRevision: true,
  },
  practice: {
    resultBadge: msg("Practice"),
    resultLinkLabel: msg("Review Exam"),
    reviewFeedsRevision: true,
  },
  revision: {
    resultBadge: msg("Revision"),
    resultLinkLabel: msg("Review Exam"),
    reviewFeedsRevision: false,
  },
  live: {
    resultBadge: msg("Live test"),
    resultLinkLabel: msg("Review Exam"),
    reviewFeedsRevision: true,
  },
  // Its result is the marks page, with no key to revise from.
  mains: {
    resultBadge: msg("Mains test"),
    resultLinkLabel: msg("See marks"),
    reviewFeedsRevision: false,
  },
};
