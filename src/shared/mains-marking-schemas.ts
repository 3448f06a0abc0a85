import { z } from "zod";
import { evaluationDraftSchema, pageAnnotationsSchema } from "./evaluation.ts";
import { msg } from "./i18n/msg.ts";
import { BOOKLET_MAX_PAGES, MARK_ROUNDS } from "./mains-tests.ts";
import { text } from "./text.ts";

/**
 * Marking Mains test booklets (decision 063): mentors claim work rows (`mains_marks`) of a test,
 * read only their own round of an answer, score it against the paper's rubric and submit it.
 */

/** A claim of question-mode, second or re-evaluation work takes at most this many answers. */
export const MAINS_CLAIM_BATCH = 10;
/**
 * What one mentor may hold at once (live claims): whole booklets, and answers in all. A mentor
 * cannot empty a test's queue into their own desk and keep the others waiting.
 */
export const MAX_HELD_MAINS_BOOKLETS = 3;
export const MAX_HELD_MAINS_MARKS = 40;
/** The queue counts each question's waiting answers up to this many ("100+" beyond). */
export const MAINS_QUEUE_COUNT_CAP = 100;
/** A draft with a booklet's annotations: larger than the API's default body. */
export const MARK_DRAFT_MAX_BYTES = 2 * 1024 * 1024;

export const MAINS_MARKING_MESSAGES = {
  questionNotFound: msg("This question is not in the test."),
  nothingWaiting: msg("Nothing in this test is waiting for this round of marking."),
  bookletMode: msg("This test is marked a booklet at a time: claim without choosing a question."),
  tooManyBooklets: msg(
    "You already hold 3 booklets, the most at once. Submit their marks before claiming another.",
  ),
  tooManyMarks: msg(
    "You already hold 40 answers, the most at once. Submit some marks before claiming more.",
  ),
  markNotFound: msg("Marking not found."),
  claimExpired: msg("Your claim on this answer has expired. Claim the test's work again."),
  alreadyMarked: msg("You have already submitted the marks for this answer."),
  tooManyPages: msg("Annotations cannot be on more pages than the booklet has."),
  draftTooLarge: msg("The annotations are too large to save. Remove some strokes and try again."),
} as const;

/** POST /api/mentor/mains/tests/{testId}/claim. */
export const claimMarkingSchema = z.object({
  round: z.enum(MARK_ROUNDS),
  /** Question mode, second and re-evaluation: one question's answers only. */
  testQuestionId: z.uuid().optional(),
});
export type ClaimMarkingInput = z.infer<typeof claimMarkingSchema>;

/**
 * PUT /api/mentor/mains/marks/{markId} (the draft) and its submit: part marks per rubric part,
 * annotations per page of the booklet (index 0 is page 1), the comment.
 */
export const markDraftSchema = evaluationDraftSchema.extend({
  annotations: z.array(pageAnnotationsSchema).max(BOOKLET_MAX_PAGES).default([]),
});
export type MarkDraft = z.infer<typeof markDraftSchema>;

/**
 * A mentor's correction of a booklet's page map, as the desk sends it to
 * PUT /api/mentor/mains/booklets/{bookletId}/map: each answer's first page (null: not answered).
 */
export const bookletPageMapSchema = z.object({
  answers: z
    .array(
      z.object({
        testQuestionId: z.uuid(),
        startPage: z.number().int().min(1).max(BOOKLET_MAX_PAGES).nullable(),
      }),
    )
    .max(100),
});
export type BookletPageMap = z.infer<typeof bookletPageMapSchema>;

/** POST /api/admin/mains-tests/{testId}/reassign: this mentor's held work goes back to waiting. */
export const reassignMarkingSchema = z.object({ mentorId: text().trim().min(1).max(200) });
