import { msg } from "./i18n/msg.ts";

/**
 * Confidence tags: while answering, the student may tag an answer Sure, 50:50 or
 * Guess (optional, saved with the choice); the report of a completed attempt then shows accuracy
 * and net marks per tag and what guessing cost. No zod here: the result pages import it.
 */
export const CONFIDENCE_TAGS = ["sure", "fifty_fifty", "guess"] as const;
export type Confidence = (typeof CONFIDENCE_TAGS)[number];

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  sure: msg("Sure"),
  fifty_fifty: msg("50:50"),
  guess: msg("Guess"),
};
/** The report's row of answers saved without a tag. */
export const NOT_TAGGED = msg("Not tagged");
/** The group of toggles beside the question. */
export const CONFIDENCE_GROUP_LABEL = msg("How sure are you?");

/**
 * What the guesses did, by their net marks: `cost` (below zero), `paid` (above), `even` (zero),
 * `none` (no answer tagged Guess), `untagged` (no answer tagged at all).
 */
export type GuessVerdict = "cost" | "paid" | "even" | "none" | "untagged";

/** The verdict sentences; `{{marks}}` is the guesses' net marks, signed. */
export const GUESS_VERDICTS: Record<GuessVerdict, string> = {
  cost: msg(
    "Your guesses scored {{marks}} marks net: skip questions you can't narrow to two options.",
  ),
  paid: msg(
    "Your guesses scored {{marks}} marks net: they paid off this time, but guess only when you can narrow a question to two options.",
  ),
  even: msg("Your guesses scored {{marks}} marks net: they neither gained nor lost you marks."),
  none: msg("You tagged no answer as a guess in this attempt."),
  untagged: msg(
    "Tag your answers Sure, 50:50 or Guess while answering to see what guessing costs you.",
  ),
};

export function guessVerdict(guess: { attempted: number; marks: number }, anyTagged: boolean) {
  if (!anyTagged) return "untagged" as const;
  if (guess.attempted === 0) return "none" as const;
  if (guess.marks < 0) return "cost" as const;
  return guess.marks > 0 ? ("paid" as const) : ("even" as const);
}
