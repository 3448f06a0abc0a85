/**
 * The contracts of "Report an error" and the admins' queue (decision 064): what a student sends,
 * what the queue is asked, and how an admin answers a question's reports. The constants and
 * their words are in `question-reports.ts`.
 */
import { z } from "zod";
import { OPTION_KEYS } from "./constants.ts";
import { optionKeySchema, questionInputSchema, questionTranslationSchema } from "./exams.ts";
import { paginationQuerySchema } from "./pagination.ts";
import {
  MAX_REPORT_STATE_IDS,
  QUEUE_FILTERS,
  REPORT_MESSAGES,
  REPORT_NOTE_MAX_CHARS,
  REPORT_REASONS,
  REPORT_SLA_MAX_HOURS,
  REPORT_SLA_MIN_HOURS,
} from "./question-reports.ts";
import { optionalText, text } from "./text.ts";

/** A student's report on a question they may see the key of. */
export const reportInputSchema = z.object({
  questionId: z.uuid(REPORT_MESSAGES.questionNotFound),
  reason: z.enum(REPORT_REASONS, REPORT_MESSAGES.chooseReason),
  note: text().trim().max(REPORT_NOTE_MAX_CHARS, REPORT_MESSAGES.noteTooLong).default(""),
  /** Credit me by display name on the key-change log if the key changes. */
  creditMe: z.boolean().default(false),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** `?questionIds=a,b,c`: the reviewed questions whose report state the buttons show. */
export const reportStatesQuerySchema = z.object({
  questionIds: text()
    .transform((value) => [...new Set(value.split(",").map((id) => id.trim()))])
    .pipe(
      z
        .array(z.uuid(REPORT_MESSAGES.questionIdsInvalid))
        .min(1, REPORT_MESSAGES.questionIdsInvalid)
        .max(MAX_REPORT_STATE_IDS, REPORT_MESSAGES.questionIdsInvalid),
    ),
});

/** The admins' queue: open reports grouped by question, or the answered ones; searched by text. */
export const reportQueueQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).optional(),
  status: z.enum(QUEUE_FILTERS).default("open"),
});
export type ReportQueueQuery = z.input<typeof reportQueueQuerySchema>;

const reply = text()
  .trim()
  .min(1, REPORT_MESSAGES.replyRequired)
  .max(2000, REPORT_MESSAGES.replyTooLong);
const optionalReply = optionalText(2000, REPORT_MESSAGES.replyTooLong);
/** Shown on the paper's public key-change log. */
const logReason = text()
  .trim()
  .min(1, REPORT_MESSAGES.reasonRequired)
  .max(2000, REPORT_MESSAGES.reasonTooLong);
const logReasonHi = optionalText(2000, REPORT_MESSAGES.reasonTooLong);

/** A question's words in English and (optionally) Hindi: never its key. */
export const questionTextFixSchema = z.object({
  questionText: questionInputSchema.shape.questionText,
  options: questionInputSchema.shape.options,
  explanation: questionInputSchema.shape.explanation,
  /** The Hindi version; null: the question has none. */
  hi: questionTranslationSchema.nullish().transform((v) => v ?? null),
});
export type QuestionTextFix = z.input<typeof questionTextFixSchema>;
export type QuestionTextFixValues = z.output<typeof questionTextFixSchema>;

/**
 * An admin's answer to every open report of a question: rejected with a reply, the text fixed
 * (with a reply), the key changed (one option, or several accepted) or the question dropped,
 * each with the reason the public log shows and, optionally, a reply for the reporters (the
 * reason when left out).
 */
export const resolveInputSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("reject"), reply }),
  z.object({ action: z.literal("fix"), reply, text: questionTextFixSchema }),
  z
    .object({
      action: z.literal("key"),
      key: optionKeySchema,
      alsoAccept: z
        .array(optionKeySchema)
        .max(OPTION_KEYS.length - 1)
        .default([]),
      reason: logReason,
      reasonHi: logReasonHi,
      reply: optionalReply,
    })
    .refine((v) => !v.alsoAccept.includes(v.key), {
      message: REPORT_MESSAGES.alsoAcceptsKey,
      path: ["alsoAccept"],
    }),
  z.object({
    action: z.literal("drop"),
    reason: logReason,
    reasonHi: logReasonHi,
    reply: optionalReply,
  }),
]);
export type ResolveInput = z.input<typeof resolveInputSchema>;
export type ResolveValues = z.output<typeof resolveInputSchema>;

/** The admin settings' field: hours within which a report should be answered. */
export const reportSlaHoursSchema = z
  .number(REPORT_MESSAGES.slaHours)
  .int(REPORT_MESSAGES.slaHours)
  .min(REPORT_SLA_MIN_HOURS, REPORT_MESSAGES.slaHours)
  .max(REPORT_SLA_MAX_HOURS, REPORT_MESSAGES.slaHours);
