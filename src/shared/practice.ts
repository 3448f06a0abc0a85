import { z } from "zod";
import { msg } from "./i18n/msg.ts";

export { PRACTICE_MESSAGES, REVISION_MESSAGES } from "./practice-messages.ts";

import { PYQ_YEAR_MAX, PYQ_YEAR_MIN, QUESTION_DIFFICULTIES } from "./taxonomy.ts";

/**
 * Custom practice tests (decision 041): the student picks what to practise, the server draws the
 * questions from the bank and starts them on the one engine (decision 041).
 */
export const PRACTICE_SOURCES = ["pyq", "mock", "quiz"] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];
export const PRACTICE_SOURCE_LABELS: Record<PracticeSource, string> = {
  pyq: msg("Previous-year papers"),
  mock: msg("Mock tests"),
  quiz: msg("Quizzes"),
};

/** Which of the student's own history limits the draw. */
export const PRACTICE_SCOPES = ["any", "unseen", "wrong"] as const;
export type PracticeScope = (typeof PRACTICE_SCOPES)[number];
export const PRACTICE_SCOPE_LABELS: Record<PracticeScope, string> = {
  any: msg("Any question"),
  unseen: msg("Only questions I have not seen"),
  wrong: msg("Only questions I got wrong"),
};

export const PRACTICE_MIN_QUESTIONS = 5;
export const PRACTICE_MAX_QUESTIONS = 100;
export const PRACTICE_DEFAULT_QUESTIONS = 20;
/** Timed practice: minutes per question (UPSC Prelims GS: 120 minutes for 100 questions). */
export const PRACTICE_DEFAULT_MINUTES_PER_QUESTION = 1.2;
/** UPSC Prelims: 2 marks a question, a third of them lost for a wrong answer. */
export const PRACTICE_MARKS_PER_QUESTION = 2;
export const PRACTICE_NEGATIVE_FRACTION = 1 / 3;
/**
 * An untimed practice test (or a revision session) is open this long: it shows no clock, and the
 * sweeper grades whatever was saved once the week is over.
 */
export const UNTIMED_WINDOW_SECONDS = 7 * 24 * 3600;
/** Practice tests a student without an active plan may build per calendar month (IST). */
export const FREE_PRACTICE_PER_MONTH = 10;

const uuidList = z
  .array(z.uuid())
  .max(50)
  .default([])
  .transform((ids) => [...new Set(ids)]);

const year = z.coerce.number().int().min(PYQ_YEAR_MIN).max(PYQ_YEAR_MAX);

/** POST /api/practice: what the student asks for. */
export const practiceRequestSchema = z
  .object({
    subjectIds: uuidList,
    topicIds: uuidList,
    sources: z
      .array(z.enum(PRACTICE_SOURCES))
      .min(1)
      .default([...PRACTICE_SOURCES])
      .transform((s) => [...new Set(s)]),
    fromYear: year.nullable().default(null),
    toYear: year.nullable().default(null),
    difficulties: z
      .array(z.enum(QUESTION_DIFFICULTIES))
      .default([])
      .transform((d) => [...new Set(d)]),
    questionCount: z.coerce
      .number()
      .int()
      .min(PRACTICE_MIN_QUESTIONS)
      .max(PRACTICE_MAX_QUESTIONS)
      .default(PRACTICE_DEFAULT_QUESTIONS),
    timed: z.boolean().default(true),
    minutesPerQuestion: z.coerce
      .number()
      .min(0.5)
      .max(10)
      .default(PRACTICE_DEFAULT_MINUTES_PER_QUESTION),
    negativeMarking: z.boolean().default(true),
    scope: z.enum(PRACTICE_SCOPES).default("any"),
  })
  .strict()
  .refine((v) => v.fromYear === null || v.toYear === null || v.fromYear <= v.toYear, {
    path: ["toYear"],
    message: msg("The last year must not be before the first."),
  });
export type PracticeRequest = z.infer<typeof practiceRequestSchema>;
export type PracticeRequestInput = z.input<typeof practiceRequestSchema>;
