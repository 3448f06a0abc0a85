import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { pagedSearchQuerySchema } from "./list-queries.ts";
import { text } from "./text.ts";

/**
 * A Mains test's results (decision 063): publication, the student's marks page, the sharing
 * consent, the series' progress and re-evaluation. Request schemas and the refusals' words.
 */

export const REEVALUATION_REASON_MIN = 10;
export const REEVALUATION_REASON_MAX = 1000;

export const MAINS_RESULT_MESSAGES = {
  noBooklet: msg("You have not taken this Mains test."),
  alreadyPublished: msg("The results of this Mains test are already published."),
  pending: msg(
    "Booklets not evaluated yet: {{pending}}. Publish when every booklet is evaluated, or set a results time.",
  ),
  nothingEvaluated: msg("No booklet of this Mains test has been evaluated yet."),
  notPublished: msg("The results of this Mains test are not out yet."),
  notRanked: msg("Your booklet has no published marks to re-evaluate."),
  reevaluationTwice: msg("You have already asked for re-evaluation of this booklet."),
  reevaluationClosed: msg("The time to ask for re-evaluation has passed."),
  reevaluationUnanswered: msg("Re-evaluation can be asked only for questions you answered."),
  reevaluationDuplicate: msg("Choose each question only once."),
  reasonTooShort: msg("Give a reason of at least 10 characters."),
  reasonTooLong: msg("A reason can be at most 1000 characters."),
  chooseQuestion: msg("Choose at least one question to re-evaluate."),
} as const;

const timestamp = z.iso.datetime({ offset: true, message: msg("Enter a valid date and time.") });

/** PUT /api/admin/mains-tests/{id}/results-time: when the sweeper publishes; null clears it. */
export const mainsResultsTimeSchema = z.object({ resultsAt: timestamp.nullable() }).strict();
export type MainsResultsTimeInput = z.input<typeof mainsResultsTimeSchema>;

/** GET /api/admin/mains-tests/{id}/results: the booklets, a page at a time, by name or email. */
export const mainsResultsListQuerySchema = pagedSearchQuerySchema;

/** PUT /api/mains-tests/{id}/sharing: the student's consent to show their answers (and name). */
export const mainsSharingSchema = z
  .object({ shareAnswers: z.boolean(), shareName: z.boolean() })
  .strict();
export type MainsSharingInput = z.input<typeof mainsSharingSchema>;

export const reevaluationItemSchema = z
  .object({
    testQuestionId: z.uuid(),
    reason: text()
      .trim()
      .min(REEVALUATION_REASON_MIN, MAINS_RESULT_MESSAGES.reasonTooShort)
      .max(REEVALUATION_REASON_MAX, MAINS_RESULT_MESSAGES.reasonTooLong),
  })
  .strict();

/** POST /api/mains-tests/{id}/reevaluation: the questions to mark again, each with its reason. */
export const reevaluationRequestSchema = z
  .object({
    items: z
      .array(reevaluationItemSchema)
      .min(1, MAINS_RESULT_MESSAGES.chooseQuestion)
      .max(100)
      .refine(
        (items) => new Set(items.map((item) => item.testQuestionId)).size === items.length,
        MAINS_RESULT_MESSAGES.reevaluationDuplicate,
      ),
  })
  .strict();
export type ReevaluationRequest = z.input<typeof reevaluationRequestSchema>;
