import { msg } from "./i18n/msg.ts";

/**
 * Practice tests' and revision sessions' messages. Apart from `practice.ts` and its input
 * schemas, so an attempt's page does not load zod (the page's Total Blocking Time, decision 054).
 */

export const PRACTICE_MESSAGES = {
  notFound: msg("Practice test not found."),
  noMatch: msg(
    "No questions match these choices. Choose more subjects or sources, or widen the years.",
  ),
  startConflict: msg("Could not start the practice test. Please try again."),
  limitReached: msg(
    "You have built all {{count}} practice tests your plan allows this month. They start again on the 1st.",
  ),
  freeLimitReached: msg(
    "You have built all {{count}} free practice tests for this month. Subscribe to a plan for more.",
  ),
  leftOutPremium: msg(
    "{{n}} matching questions come from premium papers and were left out: your plan does not include them.",
  ),
  fewerThanAsked: msg("Only {{n}} questions matched, so the test has {{n}}."),
} as const;

export const REVISION_MESSAGES = {
  notFound: msg("Revision session not found."),
  nothingDue: msg("Nothing is due for revision today."),
  startConflict: msg("Could not start the revision. Please try again."),
} as const;
