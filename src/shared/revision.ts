import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { paginationQuerySchema } from "./pagination.ts";

/**
 * The revision notebook (decision 041): the questions a student got wrong, skipped, answered
 * unsure (tagged 50:50 or Guess) or saved, scheduled for spaced repetition (FSRS), and the daily
 * revision session drawn from the cards due. No server code here: the web imports it.
 */
export const REVISION_SOURCES = ["wrong", "skipped", "unsure", "saved"] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export const REVISION_SOURCE_LABELS: Record<RevisionSource, string> = {
  wrong: msg("Wrong"),
  skipped: msg("Skipped"),
  unsure: msg("Unsure"),
  saved: msg("Saved"),
};

/** A revision session holds at most this many due cards, the most overdue first. */
export const REVISION_SESSION_SIZE = 20;
/** The title of every revision session (a key: the web shows it through t()). */
export const REVISION_SESSION_TITLE = msg("Today's revision");
/** Correct answers tagged Sure in a row after which a card is mastered and leaves the due list. */
export const MASTERED_AFTER_SURE_IN_A_ROW = 3;

export const REVISION_CARD_MESSAGES = {
  cardNotFound: msg("This question is not in your revision notebook."),
  notSavable: msg("Only questions from your completed tests can be saved for revision."),
} as const;

/** GET /api/revision/cards: the notebook's filters and page. */
export const revisionCardsQuerySchema = paginationQuerySchema
  .extend({
    subjectId: z.uuid().optional(),
    topicId: z.uuid().optional(),
    source: z.enum(REVISION_SOURCES).optional(),
  })
  .strict();
export type RevisionCardsQuery = z.infer<typeof revisionCardsQuerySchema>;

/** POST /api/revision/cards: "Save for revision" on a question of a completed attempt. */
export const saveRevisionCardSchema = z.object({ questionId: z.uuid() }).strict();
