import { z } from "zod";
import { CONFIDENCE_TAGS } from "./confidence.ts";
import { OPTION_KEYS } from "./constants.ts";
import { EXAM_KINDS, EXAM_MESSAGES } from "./exam-messages.ts";
import { msg } from "./i18n/msg.ts";
import { DROP_RULES } from "./question-reports.ts";
import { questionTagsSchema } from "./taxonomy.ts";
import { optionalText, text } from "./text.ts";

export { EXAM_KIND_LABELS, EXAM_KINDS, EXAM_MESSAGES, type ExamKind } from "./exam-messages.ts";

export const EXAM_SECTIONS = ["full_length", "gs", "csat", "chapter"] as const;
export type ExamSection = (typeof EXAM_SECTIONS)[number];
export const EXAM_SECTION_LABELS: Record<ExamSection, string> = {
  full_length: msg("Full Length"),
  gs: msg("Sectional (GS)"),
  csat: msg("Sectional (CSAT)"),
  chapter: msg("Chapter Wise"),
};

/** Answers may arrive this long after the deadline (slow networks); later ones are refused. */
export const ANSWER_GRACE_SECONDS = 15;
/** The most seconds one question's time may say (a week; the server clamps to the attempt's elapsed time). */
export const MAX_QUESTION_SECONDS = 7 * 24 * 3600;

export const categoryInputSchema = z.object({
  name: text().trim().min(1, msg("Category name is required.")).max(100),
  description: optionalText(1000),
  iconSlug: optionalText(100),
  imageSlug: optionalText(300),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const examInputSchema = z
  .object({
    title: text().trim().min(1, EXAM_MESSAGES.validation).max(300),
    description: optionalText(5000),
    categoryId: z.uuid(EXAM_MESSAGES.validation),
    timeLimitSeconds: z
      .number(EXAM_MESSAGES.validation)
      .int(EXAM_MESSAGES.validation)
      .min(60, EXAM_MESSAGES.validation)
      .max(24 * 3600, msg("Time limit can be at most 24 hours."))
      .default(3600),
    passingMarks: z
      .number(EXAM_MESSAGES.validation)
      .int(EXAM_MESSAGES.validation)
      .min(0, EXAM_MESSAGES.validation)
      .max(100, EXAM_MESSAGES.validation)
      .default(70),
    kind: z.enum(EXAM_KINDS).default("mock"),
    year: z
      .number()
      .int()
      .min(1950)
      .max(2100)
      .nullish()
      .transform((v) => v ?? null),
    section: z
      .enum(EXAM_SECTIONS)
      .nullish()
      .transform((v) => v ?? null),
    isFree: z.boolean().default(true),
    /** Negative marking: both set, or both null (off). */
    marksPerQuestion: z
      .number()
      .positive()
      .max(100)
      .nullish()
      .transform((v) => v ?? null),
    negativeMarkFraction: z
      .number()
      .min(0)
      .max(1)
      .nullish()
      .transform((v) => v ?? null),
    /** A question dropped after a key challenge: everyone gets its marks, or it leaves the total. */
    dropRule: z.enum(DROP_RULES).default("award"),
  })
  .refine((v) => v.kind !== "pyp" || v.year !== null, {
    message: msg("A previous-year paper needs its year."),
    path: ["year"],
  })
  .refine((v) => (v.marksPerQuestion === null) === (v.negativeMarkFraction === null), {
    message: msg("Negative marking needs both marks per question and the penalty fraction."),
    path: ["negativeMarkFraction"],
  });
export type ExamInput = z.input<typeof examInputSchema>;

export const optionKeySchema = z.enum(OPTION_KEYS, EXAM_MESSAGES.invalidCorrectAnswer);

const optionTexts = (message: string) =>
  z.object({
    A: text().trim().min(1, message).max(1000),
    B: text().trim().min(1, message).max(1000),
    C: text().trim().min(1, message).max(1000),
    D: text().trim().min(1, message).max(1000),
  });

export const HINDI_INCOMPLETE_MESSAGE = msg(
  "The Hindi version needs the question and all four options in Hindi (or leave it all empty).",
);

/** A question's Hindi version: the text and all four options, the explanation optional. */
export const questionTranslationSchema = z.object({
  questionText: text().trim().min(1, HINDI_INCOMPLETE_MESSAGE).max(5000),
  options: optionTexts(HINDI_INCOMPLETE_MESSAGE),
  explanation: optionalText(5000),
});

/** A question belongs to one exam or one quiz (decision 018): exactly one of the two ids. */
export const questionInputSchema = z
  .object({
    examId: z
      .uuid(EXAM_MESSAGES.questionValidation)
      .nullish()
      .transform((v) => v ?? null),
    quizId: z
      .uuid(EXAM_MESSAGES.questionValidation)
      .nullish()
      .transform((v) => v ?? null),
    questionText: text().trim().min(1, EXAM_MESSAGES.questionValidation).max(5000),
    options: optionTexts(EXAM_MESSAGES.questionValidation),
    correctAnswer: text()
      .trim()
      .min(1, EXAM_MESSAGES.questionValidation)
      .transform((v) => v.toUpperCase())
      .pipe(optionKeySchema),
    explanation: optionalText(5000),
    translations: z
      .object({ hi: questionTranslationSchema.nullish() })
      .default({})
      .transform((t) => (t.hi ? { hi: t.hi } : {})),
    /** Subject, topic (of that subject), difficulty and previous-year paper's year: optional. */
    ...questionTagsSchema.shape,
  })
  .refine((v) => (v.examId === null) !== (v.quizId === null), {
    message: EXAM_MESSAGES.questionValidation,
    path: ["examId"],
  });
export type QuestionInput = z.input<typeof questionInputSchema>;

const IMPORT_MESSAGE = msg("Please select an exam and a CSV file.");

/** A yes/no field of a multipart form: "true" or "false", `fallback` when left out. */
const formFlag = (name: string, fallback: boolean) =>
  z
    .enum(["true", "false"], `${name} must be true or false.`)
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true"));

/**
 * The CSV import (and its dry run) into one exam or one quiz: a multipart form with the file as
 * it is on disk, decoded on the server (shared/csv-text.ts, the same rule as the preview's).
 */
export const questionImportSchema = z
  .object({
    examId: z
      .uuid(IMPORT_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    quizId: z
      .uuid(IMPORT_MESSAGE)
      .nullish()
      .transform((v) => v ?? null),
    file: z.instanceof(File, { message: IMPORT_MESSAGE }),
    /** Leave out rows already in the target or repeating an earlier row (decision 022). */
    skipDuplicates: formFlag("skipDuplicates", true),
    /**
     * Create the subjects and topics the file names that do not exist yet, in the import's
     * transaction ("Create missing subjects and topics"); otherwise such a row is an error.
     */
    createMissingTags: formFlag("createMissingTags", false),
    /** Report what the import would do and write nothing (the dialog's preview). */
    dryRun: formFlag("dryRun", false),
  })
  .refine((v) => (v.examId === null) !== (v.quizId === null), { message: IMPORT_MESSAGE });
export type QuestionImportInput = z.input<typeof questionImportSchema>;

export const answerInputSchema = z.object({
  questionId: z.uuid(),
  selectedAnswer: optionKeySchema.nullable(),
  markedForReview: z.boolean().default(false),
  /**
   * How sure the student was (Sure, 50:50, Guess), or null: untagged. Part of the choice, so it
   * follows the same clientSeq rule; left out, it is null (a save sends the whole choice).
   */
  confidence: z.enum(CONFIDENCE_TAGS, EXAM_MESSAGES.invalidConfidence).nullable().default(null),
  /** The device's own increasing counter (ms); an older replay never overwrites a newer choice. */
  clientSeq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
export type AnswerInput = z.input<typeof answerInputSchema>;

/** A question's running total of seconds on screen, summed over visits on the device (decision 036). */
export const questionTimeSchema = z.object({
  questionId: z.uuid(),
  seconds: z.number().int().nonnegative().max(MAX_QUESTION_SECONDS),
});
export type QuestionTime = z.input<typeof questionTimeSchema>;

/**
 * A save: the choices made and, riding along, the running time totals of the questions visited
 * since the last save (answered or not). A batch of times only is allowed; a time never changes a
 * stored choice or its clientSeq (decision 036).
 */
export const saveAnswersSchema = z
  .object({
    answers: z.array(answerInputSchema).max(500).default([]),
    times: z.array(questionTimeSchema).max(500).default([]),
  })
  .refine((b) => b.answers.length + b.times.length > 0, {
    message: "Send at least one answer or time.",
    path: ["answers"],
  });

export const studentExamFilterSchema = z.object({
  search: text().trim().max(200).optional(),
  categoryId: z.uuid().optional(),
  filter: z.enum(["mock", "pyp", "paused", "series"]).optional(),
  category: text().max(100).optional(),
  year: z.coerce.number().int().min(1950).max(2100).optional(),
  /** Exams with at least one question of this subject (the report's "practise this topic"). */
  subject: z.uuid().optional(),
});
