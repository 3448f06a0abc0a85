import { msg } from "./i18n/msg.ts";

/** The Mains test series' refusals (decision 063), apart from the schemas so pages need no zod. */
export const MAINS_TEST_MESSAGES = {
  notFound: msg("Mains test not found."),
  noQuestions: msg("This Mains test has no questions yet."),
  startConflict: msg("Could not record the start of this Mains test."),
  notOpenYet: msg("This Mains test opens at {{time}}."),
  closed: msg("This Mains test has closed."),
  alreadyTaken: msg("You have already taken this Mains test."),
  pastDeadline: msg(
    "The time to submit this booklet has passed. A booklet not submitted in time is recorded as absent.",
  ),
} as const;
