import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

/** A question's difficulty as the admin tags it (decision 034). */
export const QUESTION_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
export const QUESTION_DIFFICULTY_LABELS: Record<QuestionDifficulty, string> = {
  easy: msg("Easy"),
  medium: msg("Medium"),
  hard: msg("Hard"),
};

/** Subject and topic names: at most this long (also checked for CSV rows). */
export const TAXONOMY_NAME_MAX = 100;
/** Previous-year papers' years the database accepts (questions_pyq_year_range). */
export const PYQ_YEAR_MIN = 1950;
export const PYQ_YEAR_MAX = 2100;
/** Spelled out so the web can translate it (PYQ_YEAR_MIN and PYQ_YEAR_MAX; a test checks). */
export const PYQ_YEAR_MESSAGE = msg("Year must be between 1950 and 2100.");
/** The most questions one bulk "Tag selected" request may change. */
export const QUESTION_TAG_MAX_BATCH = 500;

/**
 * Messages with a count in them: the template the web translates (`t(template, { n })`) and, in
 * TAXONOMY_MESSAGES, the English text the server sends.
 */
export const TAXONOMY_COUNT_TEMPLATES = {
  subjectInUse: msg(
    "This subject is linked to {{n}} question(s). Please reassign or delete them first.",
  ),
  topicInUse: msg(
    "This topic is linked to {{n}} question(s). Please reassign them, or merge it into another topic.",
  ),
  missingQuestions: msg(
    "{{n}} of the selected questions no longer exist. Nothing was changed; refresh the list and try again.",
  ),
} as const;
const withCount = (template: string) => (n: number) => template.replace("{{n}}", String(n));

export const TAXONOMY_MESSAGES = {
  subjectNotFound: msg("Subject not found."),
  topicNotFound: msg("Topic not found."),
  unknownSubject: msg("The selected subject does not exist."),
  unknownTopic: msg("The selected topic does not exist."),
  topicNeedsSubject: msg("A topic needs its subject: choose the subject too."),
  topicNotInSubject: msg("The selected topic does not belong to the selected subject."),
  mergeIntoItself: msg("Choose another topic to merge into."),
  nothingToTag: msg("Choose a subject, a topic or a difficulty to tag the questions with."),
  duplicateSubject: (name: string) => `A subject named "${name}" already exists.`,
  duplicateTopic: (name: string, subject: string) =>
    `The subject "${subject}" already has a topic named "${name}".`,
  subjectInUse: withCount(TAXONOMY_COUNT_TEMPLATES.subjectInUse),
  topicInUse: withCount(TAXONOMY_COUNT_TEMPLATES.topicInUse),
  missingQuestions: withCount(TAXONOMY_COUNT_TEMPLATES.missingQuestions),
} as const;

// The messages are spelled out (not built from the label) so the web can translate them.
const name = (required: string, tooLong: string) =>
  text().trim().min(1, required).max(TAXONOMY_NAME_MAX, tooLong);

/** Create or rename a subject. */
export const subjectInputSchema = z.object({
  name: name(
    msg("Subject name is required."),
    msg("Subject name can be at most 100 characters."), // TAXONOMY_NAME_MAX
  ),
});
export type SubjectInput = z.input<typeof subjectInputSchema>;

/** Create (under the subject in the path) or rename a topic. */
export const topicInputSchema = z.object({
  name: name(
    msg("Topic name is required."),
    msg("Topic name can be at most 100 characters."), // TAXONOMY_NAME_MAX
  ),
});
export type TopicInput = z.input<typeof topicInputSchema>;

/** Merge the topic in the path into another topic (of any subject). */
export const topicMergeSchema = z.object({
  targetTopicId: z.uuid(msg("Choose the topic to merge into.")),
});
export type TopicMergeInput = z.input<typeof topicMergeSchema>;

export const difficultySchema = z.enum(
  QUESTION_DIFFICULTIES,
  "Difficulty must be easy, medium or hard.",
);

export const pyqYearSchema = z
  .number("Year must be a number.")
  .int("Year must be a whole number.")
  .min(PYQ_YEAR_MIN, PYQ_YEAR_MESSAGE)
  .max(PYQ_YEAR_MAX, PYQ_YEAR_MESSAGE);

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v) => (v ?? null) as z.output<T> | null);

/** A question's tags, all optional (the question form and API). */
export const questionTagsSchema = z.object({
  subjectId: nullable(z.uuid(TAXONOMY_MESSAGES.unknownSubject)),
  topicId: nullable(z.uuid(TAXONOMY_MESSAGES.unknownTopic)),
  difficulty: nullable(difficultySchema),
  pyqYear: nullable(pyqYearSchema),
});

/**
 * "Tag selected": sets the subject (with its topic, or none), the difficulty, or both, on up to
 * QUESTION_TAG_MAX_BATCH questions, all of them or none. A field left out stays as it is; a
 * subject of null clears subject and topic, a difficulty of null clears the difficulty.
 */
export const questionBulkTagSchema = z
  .object({
    questionIds: z
      .array(z.uuid("Unknown question."))
      .min(1, "Select at least one question.")
      .max(QUESTION_TAG_MAX_BATCH, `Tag at most ${QUESTION_TAG_MAX_BATCH} questions at a time.`),
    subjectId: z.uuid(TAXONOMY_MESSAGES.unknownSubject).nullable().optional(),
    topicId: z.uuid(TAXONOMY_MESSAGES.unknownTopic).nullable().optional(),
    difficulty: difficultySchema.nullable().optional(),
  })
  .refine((v) => !v.topicId || v.subjectId, {
    message: TAXONOMY_MESSAGES.topicNeedsSubject,
    path: ["topicId"],
  })
  .refine((v) => v.subjectId !== undefined || v.difficulty !== undefined, {
    message: TAXONOMY_MESSAGES.nothingToTag,
    path: ["subjectId"],
  });
export type QuestionBulkTagInput = z.input<typeof questionBulkTagSchema>;

/** Filter value for questions with no subject (the admin list's "Untagged"). */
export const UNTAGGED = "none";

/** The admin question list's tag filters (beside exam, quiz and search). */
export const questionTagFilterSchema = z.object({
  subjectId: z.union([z.uuid(), z.literal(UNTAGGED)]).optional(),
  topicId: z.uuid().optional(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).optional(),
  year: z.coerce.number().int().min(PYQ_YEAR_MIN).max(PYQ_YEAR_MAX).optional(),
});
