import { z } from "zod";
import { OPTION_KEYS, type OptionKey } from "./constants.ts";
import { msg } from "./i18n/msg.ts";
import type { KeyHold } from "./key-gate.ts";
import { paginationQuerySchema } from "./pagination.ts";
import type { QuestionTranslationText } from "./question-translations.ts";
import { PYQ_YEAR_MAX, PYQ_YEAR_MESSAGE, PYQ_YEAR_MIN } from "./taxonomy.ts";

/**
 * The Previous-Year Question explorer: previous-year questions browsed by subject,
 * topic and year, how many each topic drew in each year, and one question answered at a time.
 * A question is a PYQ when it carries `pyq_year`, or, without one, when it belongs to a
 * previous-year paper (an exam of kind 'pyp' with a year): then it is of that paper's year.
 */

export const PYQ_PATH = "/student/pyq";
/** The practice builder's page; "Practice these" links there with the explorer's filter. */
export const PRACTICE_PATH = "/student/practice";
/** At most this many subjects or topics in one filter. */
export const PYQ_MAX_FILTER_IDS = 20;

export const PYQ_TEXT = {
  title: msg("Previous Year Questions"),
  notFound: msg("This previous-year question does not exist."),
  unknownSubject: msg("Unknown subject."),
  unknownTopic: msg("Unknown topic."),
  unknownQuestion: msg("Unknown question."),
  chooseOption: msg("Choose one of the options A, B, C or D."),
  yearOrder: msg("The first year must not be after the last."),
  tooMany: msg("Choose at most 20 subjects or topics."),
  premiumRequired: msg("This question is from a premium paper. Subscribe to a plan to answer it."),
} as const;

const year = z.coerce
  .number(PYQ_YEAR_MESSAGE)
  .int(PYQ_YEAR_MESSAGE)
  .min(PYQ_YEAR_MIN, PYQ_YEAR_MESSAGE)
  .max(PYQ_YEAR_MAX, PYQ_YEAR_MESSAGE);

/** `?subjectId=a&subjectId=b`: one id or several (the query string repeats the name). */
const idList = (message: string) =>
  z
    .union([z.uuid(message), z.array(z.uuid(message)).max(PYQ_MAX_FILTER_IDS, PYQ_TEXT.tooMany)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

const filterShape = {
  subjectId: idList(PYQ_TEXT.unknownSubject),
  topicId: idList(PYQ_TEXT.unknownTopic),
  fromYear: year.optional(),
  toYear: year.optional(),
};

const yearsInOrder = (v: { fromYear?: number; toYear?: number }) =>
  v.fromYear === undefined || v.toYear === undefined || v.fromYear <= v.toYear;

/** The explorer's filter: subjects, topics (each one or several) and a range of years. */
export const pyqFilterSchema = z
  .object(filterShape)
  .refine(yearsInOrder, { message: PYQ_TEXT.yearOrder, path: ["toYear"] });
export type PyqFilter = z.output<typeof pyqFilterSchema>;

/** GET /api/pyq/questions: the filter and a page. */
export const pyqListQuerySchema = paginationQuerySchema
  .extend(filterShape)
  .refine(yearsInOrder, { message: PYQ_TEXT.yearOrder, path: ["toYear"] });
export type PyqListQuery = z.output<typeof pyqListQuerySchema>;

/** POST /api/pyq/answers: one answer to one question. */
export const pyqAnswerSchema = z.strictObject({
  questionId: z.uuid(PYQ_TEXT.unknownQuestion),
  selectedAnswer: z.enum(OPTION_KEYS, PYQ_TEXT.chooseOption),
});
export type PyqAnswerInput = z.input<typeof pyqAnswerSchema>;

export type PyqTopicOption = { id: string; name: string; questions: number };
export type PyqSubjectOption = {
  id: string;
  name: string;
  questions: number;
  topics: PyqTopicOption[];
};

/** GET /api/pyq/filters: the subjects and topics that have PYQs (with counts) and their years. */
export type PyqFilters = {
  subjects: PyqSubjectOption[];
  /** Newest first. */
  years: number[];
  /** Every PYQ, premium ones included. */
  total: number;
};

/**
 * GET /api/pyq/trend: how many questions each subject (no subject chosen) or each topic of the
 * chosen subjects drew in each year. `counts[i]` is the count for `years[i]`; a row with a null
 * id holds the questions without a subject (or without a topic).
 */
export type PyqTrend = {
  by: "subject" | "topic";
  /** Oldest first, every year from the first to the last with a question in the filter. */
  years: number[];
  rows: {
    /** The subject's or topic's id; null: the questions without one. */
    id: string | null;
    name: string | null;
    /** A topic row's subject (null for subject rows and untagged questions). */
    subjectName: string | null;
    counts: number[];
    total: number;
  }[];
};

/** The key and the verdict: sent only for a question the student has answered. */
export type PyqVerdict = {
  selectedAnswer: OptionKey;
  isCorrect: boolean;
  correctAnswer: OptionKey;
  explanation: string | null;
  /** The Hindi explanation, where the question has a Hindi version with one. */
  explanationHi: string | null;
  answeredAt: string;
};

export type PyqQuestion = {
  id: string;
  year: number;
  subject: { id: string; name: string } | null;
  topic: { id: string; name: string } | null;
  /** The paper (exam) or quiz the question is from. */
  source: { kind: "exam" | "quiz"; title: string; isFree: boolean };
  questionText: string;
  options: Record<OptionKey, string>;
  /** Hindi text and options, never the explanation (that is in `answer`). */
  translations: { hi?: QuestionTranslationText };
  /** Null until the student answers, and while the answer-keys gate holds the key (`keyHold`). */
  answer: PyqVerdict | null;
  /** Why the key is held though the student answered (one of their open attempts holds it). */
  keyHold: KeyHold | null;
};

/** A page of PYQs, and how many the filter matched that are premium and not open to the viewer. */
export type PyqQuestionPage = {
  items: PyqQuestion[];
  total: number;
  page: number;
  pageSize: number;
  premiumHidden: number;
};

/** POST /api/pyq/answers: the verdict (the first one, when the question was answered before). */
export type PyqAnswerResult = { questionId: string; firstAnswer: boolean; answer: PyqVerdict };

/**
 * The practice builder's URL for the explorer's filter (`source=pyq`, then each
 * subject and topic id, `fromYear` and `toYear`; empty ones left out).
 */
export function pyqPracticeUrl(filter: {
  subjectIds?: readonly string[];
  topicIds?: readonly string[];
  fromYear?: number | null;
  toYear?: number | null;
}): string {
  const query = new URLSearchParams({ source: "pyq" });
  for (const id of filter.subjectIds ?? []) if (id) query.append("subjectId", id);
  for (const id of filter.topicIds ?? []) if (id) query.append("topicId", id);
  if (filter.fromYear) query.set("fromYear", String(filter.fromYear));
  if (filter.toYear) query.set("toYear", String(filter.toYear));
  return `${PRACTICE_PATH}?${query.toString()}`;
}
