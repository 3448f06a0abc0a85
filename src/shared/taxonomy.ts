import { z } from "zod";
import { text } from "./text.ts";

/** A question's difficulty as the admin tags it (decision 034). */
export const QUESTION_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
export const QUESTION_DIFFICULTY_LABELS: Record<QuestionDifficulty, string> = {
  easy: "Easy",
  medium: "Medium",
  hard: "Hard",
};

/** Subject and topic names: at most this long (also checked for CSV rows). */
export const TAXONOMY_NAME_MAX = 100;
/** Previous-year papers' years the database accepts (questions_pyq_year_range). */
export const PYQ_YEAR_MIN = 1950;
export const PYQ_YEAR_MAX = 2100;
/** The most questions one bulk "Tag selected" request may change. */
export const QUESTION_TAG_MAX_BATCH = 500;

export const TAXONOMY_MESSAGES = {
  subjectNotFound: "Subject not found.",
  topicNotFound: "Topic not found.",
  unknownSubject: "The selected subject does not exist.",
  unknownTopic: "The selected topic does not exist.",
  topicNeedsSubject: "A topic needs its subject: choose the subject too.",
  topicNotInSubject: "The selected topic does not belong to the selected subject.",
  mergeIntoItself: "Choose another topic to merge into.",
  nothingToTag: "Choose a subject, a topic or a difficulty to tag the questions with.",
  duplicateSubject: (name: string) => `A subject named "${name}" already exists.`,
  duplicateTopic: (name: string, subject: string) =>
    `The subject "${subject}" already has a topic named "${name}".`,
  subjectInUse: (n: number) =>
    `This subject is linked to ${n} question(s). Please reassign or delete them first.`,
  topicInUse: (n: number) =>
    `This topic is linked to ${n} question(s). Please reassign them, or merge it into another topic.`,
  missingQuestions: (n: number) =>
    `${n} of the selected questions no longer exist. Nothing was changed; refresh the list and try again.`,
} as const;

const name = (label: string) =>
  text()
    .trim()
    .min(1, `${label} name is required.`)
    .max(TAXONOMY_NAME_MAX, `${label} name can be at most ${TAXONOMY_NAME_MAX} characters.`);

/** Create or rename a subject. */
export const subjectInputSchema = z.object({ name: name("Subject") });
export type SubjectInput = z.input<typeof subjectInputSchema>;

/** Create (under the subject in the path) or rename a topic. */
export const topicInputSchema = z.object({ name: name("Topic") });
export type TopicInput = z.input<typeof topicInputSchema>;

/** Merge the topic in the path into another topic (of any subject). */
export const topicMergeSchema = z.object({
  targetTopicId: z.uuid("Choose the topic to merge into."),
});
export type TopicMergeInput = z.input<typeof topicMergeSchema>;

export const difficultySchema = z.enum(
  QUESTION_DIFFICULTIES,
  "Difficulty must be easy, medium or hard.",
);

export const pyqYearSchema = z
  .number("Year must be a number.")
  .int("Year must be a whole number.")
  .min(PYQ_YEAR_MIN, `Year must be between ${PYQ_YEAR_MIN} and ${PYQ_YEAR_MAX}.`)
  .max(PYQ_YEAR_MAX, `Year must be between ${PYQ_YEAR_MIN} and ${PYQ_YEAR_MAX}.`);

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
