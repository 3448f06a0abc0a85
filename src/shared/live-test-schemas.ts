import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { pagedSearchQuerySchema } from "./list-queries.ts";
import {
  LIVE_DISPLAY_NAME_MAX,
  LIVE_DURATION_MINUTES_MAX,
  LIVE_ENTRY_MINUTES_MAX,
} from "./live-tests.ts";
import { text } from "./text.ts";

/** The live tests' request schemas (decision 047), apart from the rules the exam page imports. */

const timestamp = z.iso.datetime({ offset: true, message: msg("Enter a valid date and time.") });

/** An admin's schedule (create and edit). The duration defaults to the exam's time limit. */
export const liveTestInputSchema = z
  .object({
    examId: z.uuid(),
    opensAt: timestamp,
    entryMinutes: z.coerce
      .number()
      .int()
      .min(1, msg("The entry window must be between 1 and 240 minutes."))
      .max(LIVE_ENTRY_MINUTES_MAX, msg("The entry window must be between 1 and 240 minutes.")),
    durationMinutes: z.coerce
      .number()
      .int()
      .min(1, msg("The duration must be between 1 and 600 minutes."))
      .max(LIVE_DURATION_MINUTES_MAX, msg("The duration must be between 1 and 600 minutes."))
      .nullish(),
    resultsAt: timestamp.nullish(),
  })
  .strict();
export type LiveTestInput = z.input<typeof liveTestInputSchema>;

export const liveRegistrationSchema = z
  .object({
    displayName: text()
      .trim()
      .min(1, msg("Enter the name to show on the leaderboard."))
      .max(LIVE_DISPLAY_NAME_MAX),
    anonymous: z.boolean().default(false),
  })
  .strict();
export type LiveRegistrationInput = z.input<typeof liveRegistrationSchema>;

export const liveTestListQuerySchema = pagedSearchQuerySchema;
export type LiveTestListQuery = z.output<typeof liveTestListQuerySchema>;
