/**
 * Mains test series (decision 063): full-length papers written in one booklet, evaluated answer
 * by answer, ranked, with blind double marking, moderation and re-evaluation. Plain constants
 * here (no zod), so a list page that names a status does not load the schemas
 * (`mains-test-schemas.ts`).
 */

/** A booklet from the start of its attempt to its marks. */
export const BOOKLET_STATUSES = ["writing", "submitted", "absent", "evaluated"] as const;
export type BookletStatus = (typeof BOOKLET_STATUSES)[number];
export const BOOKLET_FORMATS = ["images", "pdf", "typed"] as const;
export type BookletFormat = (typeof BOOKLET_FORMATS)[number];

/** Mentors claim a whole booklet, or one question across many booklets (large tests). */
export const EVALUATION_MODES = ["booklet", "question"] as const;
export type EvaluationMode = (typeof EVALUATION_MODES)[number];

/** A marking of an answer: the first, a blind second (sampled), a re-evaluation on request. */
export const MARK_ROUNDS = ["first", "second", "reeval"] as const;
export type MarkRound = (typeof MARK_ROUNDS)[number];
export const MARK_STATUSES = ["waiting", "claimed", "marked"] as const;
export type MarkStatus = (typeof MARK_STATUSES)[number];

export const REEVALUATION_OUTCOMES = ["raised", "unchanged", "lowered"] as const;
export type ReevaluationOutcome = (typeof REEVALUATION_OUTCOMES)[number];

/** UPSC's three hours; half an hour after it to photograph and upload the booklet. */
export const DEFAULT_MAINS_DURATION_MINUTES = 180;
export const DEFAULT_UPLOAD_GRACE_MINUTES = 30;
export const DEFAULT_DOUBLE_MARK_PERCENT = 10;
/** Results promised within five days of the later of submission and the test's close. */
export const DEFAULT_MAINS_TURNAROUND_HOURS = 120;
/** A booklet: at most this many pages (photos, or the pages of one PDF). */
export const BOOKLET_MAX_PAGES = 60;
export const BOOKLET_PDF_MAX_BYTES = 40 * 1024 * 1024;
/** A student may ask for re-evaluation once per booklet, within this many days of results. */
export const REEVALUATION_DAYS = 7;
/** Agreement: each answer's marks fall in a band 0–10 (marks ÷ maximum × 10, rounded). */
export const AGREEMENT_BANDS = 10;
/** A mentor is flagged when their mean difference is at least this many bands, over this many pairs. */
export const FLAG_MEAN_DIFFERENCE_BANDS = 1;
export const FLAG_MIN_PAIRS = 5;
