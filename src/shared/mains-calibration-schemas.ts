import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { MAINS_PAPERS } from "./mains-papers.ts";
import { text } from "./text.ts";

/**
 * The Mains examiners' calibration (decision 063): agreement between first and second markings,
 * the admins' moderation of a mentor's marks, and turnaround. Request schemas and refusals.
 */

/** A moderation correction: marks added to each of a mentor's marks in a test, in half marks. */
export const MODERATION_MAX = 50;

export const CALIBRATION_MESSAGES = {
  correctionRange: msg("A correction is between −50 and 50 marks."),
  correctionHalfMarks: msg("A correction is in whole or half marks."),
  correctionRequired: msg("Enter a correction in marks."),
  notAMarker: msg("This mentor has not marked in this test."),
  resultsPublished: msg(
    "The results of this test are published: its moderation can no longer change.",
  ),
  noModeration: msg("This mentor has no correction in this test."),
  mentorRequired: msg("Choose the mentor to moderate."),
} as const;

export const correctionSchema = z
  .number({ message: CALIBRATION_MESSAGES.correctionRequired })
  .min(-MODERATION_MAX, CALIBRATION_MESSAGES.correctionRange)
  .max(MODERATION_MAX, CALIBRATION_MESSAGES.correctionRange)
  .refine((value) => Number.isInteger(value * 2), CALIBRATION_MESSAGES.correctionHalfMarks);

/** PUT /api/admin/mains-tests/:id/moderation. */
export const moderationSchema = z
  .object({
    mentorId: text()
      .trim()
      .min(1, CALIBRATION_MESSAGES.mentorRequired)
      .max(200, CALIBRATION_MESSAGES.notAMarker),
    correction: correctionSchema,
  })
  .strict();
export type ModerationInput = z.infer<typeof moderationSchema>;

/** GET /api/admin/mains-calibration?paper=gs2 (no paper: every paper). */
export const agreementQuerySchema = z.object({
  paper: z.enum(MAINS_PAPERS).optional(),
});

/** The mentor in DELETE /api/admin/mains-tests/:id/moderation/:mentorId. */
export const moderationParamSchema = z.object({
  id: z.uuid(),
  mentorId: text().min(1).max(200),
});
