import { type Card, createEmptyCard, fsrs, type Grade, Rating, type State } from "ts-fsrs";
import type { Confidence } from "../../../shared/confidence.ts";
import type { revisionCards } from "../../db/schema/revision.ts";

/**
 * The notebook's scheduler: ts-fsrs (FSRS-6) with its default weights and 90% retention. Short-term
 * steps are off, so every interval is whole days (a card answered wrong comes back tomorrow, not
 * in ten minutes: a student revises once a day), and fuzz is off, so a date is the same for the
 * same answers (tests inject the clock and expect ts-fsrs's own result).
 */
export const scheduler = fsrs({ enable_short_term: false, enable_fuzz: false });

type CardRow = typeof revisionCards.$inferSelect;

/** The FSRS columns of a card row. */
export type ScheduleColumns = Pick<
  CardRow,
  | "due"
  | "stability"
  | "difficulty"
  | "elapsedDays"
  | "scheduledDays"
  | "learningSteps"
  | "reps"
  | "lapses"
  | "state"
  | "lastReview"
>;

export function toColumns(card: Card): ScheduleColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

export function toCard(row: ScheduleColumns): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

/** A new card, due now: what collecting, saving and "Reset schedule" store. */
export function newCardColumns(now: Date): ScheduleColumns {
  return toColumns(createEmptyCard(now));
}

export type RevisionResult = {
  questionId: string;
  selectedAnswer: string | null;
  isCorrect: boolean;
  confidence: Confidence | null;
};

/**
 * An answer in a revision session as an FSRS rating: wrong or skipped, Again; right but tagged
 * Guess or 50:50, Hard; right and untagged, Good; right and Sure, Easy.
 */
export function ratingFor(
  result: Pick<RevisionResult, "selectedAnswer" | "isCorrect" | "confidence">,
): Grade {
  if (result.selectedAnswer === null || !result.isCorrect) return Rating.Again;
  switch (result.confidence) {
    case "guess":
    case "fifty_fifty":
      return Rating.Hard;
    case "sure":
      return Rating.Easy;
    default:
      return Rating.Good;
  }
}
