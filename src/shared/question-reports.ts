/**
 * "Report an error" on a question and the key changes that follow (decision 064). Plain constants
 * (no zod): the schemas are in `question-report-schemas.ts`.
 */
import { msg } from "./i18n/msg.ts";

/** What a student says is wrong with a question. */
export const REPORT_REASONS = ["wrong_key", "unclear", "factual", "typo", "translation"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  wrong_key: msg("Wrong key"),
  unclear: msg("Question unclear or has two answers"),
  factual: msg("Factual error"),
  typo: msg("Typo"),
  translation: msg("Translation error (English and Hindi differ)"),
};

/** Open until an admin answers it: rejected with a reply, the text fixed, the key changed, or the question dropped. */
export const REPORT_STATUSES = ["open", "rejected", "fixed", "key_changed", "dropped"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A report should be answered within this many hours (the queue's clock; a site setting). */
export const DEFAULT_REPORT_SLA_HOURS = 48;
/** A report's note: at most this many characters. */
export const REPORT_NOTE_MAX_CHARS = 2000;

/**
 * A dropped question: everyone gets its marks (`award`), or it is left out of the total
 * (`exclude`). Each exam and quiz has its rule; a drop records the rule it was made under.
 */
export const DROP_RULES = ["award", "exclude"] as const;
export type DropRule = (typeof DROP_RULES)[number];

/** What a key change did: the key changed (one option or several accepted), or the question was dropped. */
export const KEY_CHANGE_KINDS = ["key", "drop"] as const;
export type KeyChangeKind = (typeof KEY_CHANGE_KINDS)[number];

/** The refusals of key changes (apart from the schemas, so pages need no zod). */
export const KEY_CHANGE_MESSAGES = {
  questionNotFound: msg("Question not found."),
  sameKey: msg("The key is already this. Nothing was changed."),
  dropped: msg("This question has been dropped; its key can no longer change."),
  alreadyDropped: msg("This question has already been dropped."),
  paperNotFound: msg("Exam not found."),
} as const;

/** Where a student reads their reports (the `reportAnswered` message links here). */
export const MY_REPORTS_PATH = "/student/question-reports";

/** A paper's public key-change log (built with the key changes). */
export const keyChangesPath = (paperId: string) => `/exams/${paperId}/key-changes`;

/** How many questions' report states one request may ask for (the review's buttons, batched). */
export const MAX_REPORT_STATE_IDS = 100;
/** The queue shows at most this many of a question's reports (the count says how many in all). */
export const QUEUE_REPORTS_SHOWN = 20;
/** The SLA setting's bounds, in hours. */
export const REPORT_SLA_MIN_HOURS = 1;
export const REPORT_SLA_MAX_HOURS = 720;

/** The admin queue's filter: the open reports (by question), or the answered ones. */
export const QUEUE_FILTERS = ["open", "answered"] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** How an admin answers a question's open reports, all at once. */
export const RESOLVE_ACTIONS = ["reject", "fix", "key", "drop"] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** The report's state as its reporter reads it. */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: msg("Reported"),
  rejected: msg("Not changed"),
  fixed: msg("Text corrected"),
  key_changed: msg("Key changed"),
  dropped: msg("Question dropped"),
};

/** The drop rule, as the admin reads it before dropping. */
export const DROP_RULE_LABELS: Record<DropRule, string> = {
  award: msg("Everyone gets the marks"),
  exclude: msg("Left out of the total"),
};

/** The refusals and field messages of reports and their answers. */
export const REPORT_MESSAGES = {
  notFound: msg("Report not found."),
  questionNotFound: msg("Question not found."),
  alreadyOpen: msg(
    "You have already reported this question. You will be told when it is answered.",
  ),
  noOpenReports: msg("This question has no open report to answer."),
  chooseReason: msg("Choose what is wrong with the question."),
  noteTooLong: msg("The note can have at most 2000 characters."),
  replyRequired: msg("Write a reply to the students who reported it."),
  replyTooLong: msg("The reply can have at most 2000 characters."),
  reasonRequired: msg("Give the reason shown on the key-change log."),
  reasonTooLong: msg("The reason can have at most 2000 characters."),
  chooseKey: msg("Choose the correct option."),
  alsoAcceptsKey: msg("The key is accepted already; choose other options to also accept."),
  questionIdsInvalid: msg("Give up to 100 question ids, separated by commas."),
  slaHours: msg("Enter a whole number of hours from 1 to 720."),
  tooLarge: msg("The answer is too long."),
} as const;

/** The largest answer to a question's reports (its words in English and Hindi, the reply). */
export const RESOLVE_BODY_MAX_BYTES = 256 * 1024;
