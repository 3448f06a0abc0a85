import { z } from "zod";
import { UI_LANGUAGES } from "./i18n/languages.ts";
import { msg } from "./i18n/msg.ts";
import { LANGUAGES, QUIZ_DIFFICULTIES, QUIZ_FILTERS } from "./quiz-constants.ts";
import { optionalText, text } from "./text.ts";

export const QUIZ_PDF_MAX_BYTES = 10 * 1024 * 1024;
export const QUIZ_PDF_MESSAGES = {
  tooLarge: msg("Please upload a PDF smaller than 10MB."),
  notPdf: msg("Only PDF files can be uploaded."),
  missing: msg("Choose a PDF file to upload."),
  /** The admin's checkbox: without it a PDF is treated like the answer key. */
  noAnswersLabel: msg("This PDF holds no answers"),
  noAnswersHint: msg(
    "Leave unticked if it has answers or explanations: students get it after finishing.",
  ),
  /** The card, before the student has completed the quiz. */
  afterAttempt: msg("PDF after you finish"),
  /** The PDF route, before the student has completed the quiz. */
  afterAttemptRefused: "The PDF opens once you have completed this quiz.",
} as const;

/** The upload form's fields besides the file: "true" when the admin ticked the checkbox. */
export const quizPdfFormSchema = z.object({
  hasNoAnswers: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

export const QUIZ_FORM_MESSAGE = msg(
  "Please fill all required fields correctly. Duration must be 1 to 600 minutes, total marks positive.",
);

/** The admin's quiz form; the server validates the same object. */
export const quizInputSchema = z.object({
  title: text().trim().min(1, msg("Title is required.")).max(300),
  /** Optional; shown instead of the title when the interface is Hindi. */
  titleHi: optionalText(300, msg("Title is too long.")),
  isFree: z.boolean().default(true),
  durationMinutes: z
    .number(QUIZ_FORM_MESSAGE)
    .int(QUIZ_FORM_MESSAGE)
    .min(1, QUIZ_FORM_MESSAGE)
    .max(600, QUIZ_FORM_MESSAGE)
    .default(10),
  totalMarks: z
    .number(QUIZ_FORM_MESSAGE)
    .int(QUIZ_FORM_MESSAGE)
    .positive(QUIZ_FORM_MESSAGE)
    .max(10_000, QUIZ_FORM_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
  difficulty: z.enum(QUIZ_DIFFICULTIES).default("Medium"),
  publishedOn: z.iso.date(msg("Choose a published date.")),
});
export type QuizInput = z.input<typeof quizInputSchema>;

/** /current-affairs/quizzes?filter=saved&page=2 */
export const quizListQuerySchema = z.object({
  filter: z.enum(QUIZ_FILTERS).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const questionLanguageSchema = z.object({ language: z.enum(LANGUAGES) });

/** The interface language (decision 039); it also becomes the question language. */
export const uiLanguageSchema = z.object({ language: z.enum(UI_LANGUAGES) });
