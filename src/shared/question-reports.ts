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
