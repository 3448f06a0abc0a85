import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { MAINS_PAPERS } from "./mains-papers.ts";
import { optionalText, text } from "./text.ts";

/**
 * Mains answer-writing evaluation (decision 042): daily Mains questions, answer copies a student
 * uploads (photos, one PDF) or types, mentors who claim, annotate and score them against a
 * rubric, and the evaluated copy the student gets back.
 */

export { MAINS_PAPER_LABELS, MAINS_PAPERS, type MainsPaper } from "./mains-papers.ts";

/** UPSC's answer lengths: 150 words (10 marks), 250 words (15 marks), or none (essays). */
export const WORD_LIMITS = [150, 250] as const;
export const MAINS_MARKS_MAX = 250;

/** The directive words UPSC uses; the form offers them, and accepts any other. */
export const DIRECTIVE_WORDS = [
  "Analyse",
  "Comment",
  "Critically examine",
  "Discuss",
  "Elaborate",
  "Evaluate",
  "Examine",
  "Explain",
  "Illustrate",
] as const;

/** Where a copy stands. `claimed` is "In evaluation" for the student while the claim holds. */
export const COPY_STATUSES = ["draft", "submitted", "claimed", "evaluated"] as const;
export type CopyStatus = (typeof COPY_STATUSES)[number];
export const COPY_FORMATS = ["images", "pdf", "typed"] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

/** Uploads: photos (several pages) or one PDF. HEIC is converted to JPEG on the server. */
export const COPY_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const COPY_PDF_MAX_BYTES = 20 * 1024 * 1024;
export const COPY_PDF_MAX_PAGES = 12;
export const COPY_MAX_PAGES = 12;
/** Photos are downscaled in the browser to this long side before upload. */
export const COPY_IMAGE_LONG_SIDE = 2000;
export const TYPED_ANSWER_MAX_CHARS = 20_000;

export const DEFAULT_TURNAROUND_HOURS = 72;
export const DEFAULT_CLAIM_HOURS = 24;
export const DEFAULT_FREE_EVALUATIONS_PER_MONTH = 2;

export type RubricPart = { name: string; weight: number };
/** The default rubric: parts and their share of the question's marks, in percent (sum 100). */
export const DEFAULT_RUBRIC: readonly RubricPart[] = [
  { name: msg("Introduction"), weight: 10 },
  { name: msg("Body and content"), weight: 40 },
  { name: msg("Structure"), weight: 15 },
  { name: msg("Examples and data"), weight: 15 },
  { name: msg("Conclusion"), weight: 10 },
  { name: msg("Presentation"), weight: 10 },
];

/** A part's maximum for a question: its share of the marks, to the half mark. */
export function partMaximum(weight: number, questionMarks: number): number {
  return Math.round((weight / 100) * questionMarks * 2) / 2;
}

/** Counts words the way an examiner would: runs of letters or digits (any script). */
export function wordCount(value: string): number {
  return value.match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu)?.length ?? 0;
}

/**
 * Copies one mentor may hold (claimed, claim not lapsed) at once: a mentor cannot empty the queue
 * into their own desk and keep students' answers from the other mentors (and readable to them).
 */
export const MAX_HELD_COPIES = 10;

export const EVALUATION_MESSAGES = {
  questionNotFound: msg("Mains question not found."),
  questionOnTestPaper: msg(
    "This question is on a Mains test's paper. Take it off the paper before deleting it.",
  ),
  copyNotFound: msg("Answer copy not found."),
  alreadySubmitted: msg("You have already submitted an answer to this question."),
  notDraft: msg("This answer has already been submitted."),
  tooManyPages: msg("An answer can have at most 12 pages."),
  emptyCopy: msg("Add at least one page, or type your answer, before submitting."),
  pdfAndPhotos: msg("Upload photos or one PDF, not both."),
  notACopyImage: msg("Only photos (JPEG, PNG, WebP or HEIC) or one PDF can be uploaded."),
  imageTooLarge: msg("Each photo must be smaller than 8 MB."),
  pdfTooLarge: msg("The PDF must be at most 20 MB."),
  pdfTooManyPages: msg("The PDF must have at most 12 pages."),
  pdfUnreadable: msg("This PDF could not be read. Export it again and retry."),
  fileMissing: msg("Choose a photo or a PDF to upload."),
  limitReached: msg(
    "You have used all your answer evaluations for this period. Upgrade your plan for more.",
  ),
  claimTaken: msg("Another mentor has already claimed this copy."),
  claimExpired: msg("Your claim on this copy has expired. Claim it again to continue."),
  tooManyHeld: msg(
    "You already hold 10 copies, the most at once. Publish an evaluation before claiming another.",
  ),
  marksTooHigh: msg("A part's marks cannot exceed its maximum."),
  rubricMismatch: msg("Score every part of the rubric."),
  notEvaluated: msg("This copy has not been evaluated yet."),
  alreadyRated: msg("You have already rated this feedback."),
  followUpAsked: msg("You have already asked your follow-up question."),
  noFollowUp: msg("There is no follow-up question to answer."),
  rubricWeights: msg("The parts' weights must add up to 100."),
  notAMentor: msg("That account is not a mentor."),
  accountNotFound: msg("No account uses that email address."),
  cannotPromoteAdmin: msg("An administrator cannot be made a mentor."),
  invitationInvalid: msg("This invitation link is not valid or has already been used."),
  mentorsCannotPublish: msg("Mentors may not publish Mains questions."),
} as const;

const stringId = text().trim().min(1).max(200);

/** A point on a page, as fractions of its width and height (so any zoom draws it the same). */
const unit = z.number().finite().min(0).max(1);
const point = z.tuple([unit, unit]);

export const ANNOTATION_LIMITS = {
  strokesPerPage: 300,
  pointsPerStroke: 2000,
  notesPerPage: 60,
  stampsPerPage: 100,
  noteChars: 500,
};

export const STROKE_COLOURS = ["red", "blue", "green"] as const;

export const strokeSchema = z.object({
  colour: z.enum(STROKE_COLOURS).default("red"),
  /** Line width as a fraction of the page's width. */
  width: z.number().finite().min(0.001).max(0.02).default(0.004),
  points: z.array(point).min(1).max(ANNOTATION_LIMITS.pointsPerStroke),
});
export const noteSchema = z.object({
  at: point,
  text: text().trim().min(1).max(ANNOTATION_LIMITS.noteChars),
});
export const STAMP_KINDS = ["tick", "cross"] as const;
export const stampSchema = z.object({ at: point, kind: z.enum(STAMP_KINDS) });

export const pageAnnotationsSchema = z.object({
  strokes: z.array(strokeSchema).max(ANNOTATION_LIMITS.strokesPerPage).default([]),
  notes: z.array(noteSchema).max(ANNOTATION_LIMITS.notesPerPage).default([]),
  stamps: z.array(stampSchema).max(ANNOTATION_LIMITS.stampsPerPage).default([]),
});
export type PageAnnotations = z.infer<typeof pageAnnotationsSchema>;
export type Stroke = z.infer<typeof strokeSchema>;
export type PinnedNote = z.infer<typeof noteSchema>;
export type Stamp = z.infer<typeof stampSchema>;
export const EMPTY_PAGE_ANNOTATIONS: PageAnnotations = { strokes: [], notes: [], stamps: [] };

/** A copy's annotations: one entry per page, in page order. */
export const annotationsSchema = z.array(pageAnnotationsSchema).max(COPY_MAX_PAGES);

const halfMarks = z
  .number()
  .finite()
  .min(0)
  .max(MAINS_MARKS_MAX)
  .refine((n) => Number.isInteger(n * 2), msg("Marks go in steps of half a mark."));

/** PUT /api/mentor/copies/{id}/evaluation: the draft; publish sends the same. */
export const evaluationDraftSchema = z.object({
  annotations: annotationsSchema.default([]),
  partMarks: z.array(halfMarks.nullable()).max(20).default([]),
  comment: text().trim().max(5000).default(""),
});
export type EvaluationDraft = z.infer<typeof evaluationDraftSchema>;

const optionalDirective = optionalText(60);

/** POST/PUT /api/admin/mains-questions. */
export const mainsQuestionSchema = z.object({
  paper: z.enum(MAINS_PAPERS),
  subjectId: z.uuid().nullable().default(null),
  topicId: z.uuid().nullable().default(null),
  questionText: text().trim().min(1, msg("Question text is required.")).max(4000),
  questionTextHi: optionalText(4000),
  directive: optionalDirective,
  /** null: no word limit. */
  wordLimit: z
    .union([z.literal(150), z.literal(250)])
    .nullable()
    .default(null),
  marks: z.coerce.number().int().min(1).max(MAINS_MARKS_MAX).default(10),
  publishDate: z.iso.date(),
  modelAnswer: text().trim().max(20_000).default(""),
  modelAnswerHi: optionalText(20_000),
});
export type MainsQuestionInput = z.infer<typeof mainsQuestionSchema>;

export const mainsQuestionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: text().trim().max(200).default(""),
  paper: z.enum(MAINS_PAPERS).optional(),
});

/** Turnaround, claims, the free tier and who may publish questions. */
export const evaluationSettingsSchema = z.object({
  turnaroundHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  claimHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14),
  freeEvaluationsPerMonth: z.coerce.number().int().min(0).max(100),
  mentorsMayPublishQuestions: z.boolean(),
});
export type EvaluationSettings = z.infer<typeof evaluationSettingsSchema>;

export const rubricSchema = z
  .array(
    z.object({
      name: text().trim().min(1).max(80),
      weight: z.coerce.number().int().min(1).max(100),
    }),
  )
  .min(1)
  .max(12)
  .refine((parts) => parts.reduce((s, p) => s + p.weight, 0) === 100, {
    message: EVALUATION_MESSAGES.rubricWeights,
  });

/** The order the student left the pages in, and each page's rotation. */
export const ROTATIONS = [0, 90, 180, 270] as const;
export const submitCopySchema = z.object({
  pages: z
    .array(
      z.object({
        id: z.uuid(),
        rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).default(0),
      }),
    )
    .max(COPY_MAX_PAGES)
    .default([]),
  typedAnswer: text().trim().max(TYPED_ANSWER_MAX_CHARS).default(""),
});

export const mentorQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  paper: z.enum(MAINS_PAPERS).optional(),
  subjectId: z.uuid().optional(),
});

export const ratingSchema = z.object({ rating: z.coerce.number().int().min(1).max(5) });
export const followUpSchema = z.object({ question: text().trim().min(1).max(1000) });
export const followUpAnswerSchema = z.object({
  answer: text().trim().min(1, msg("Write your answer first.")).max(3000),
});
export const mentorEmailSchema = z.object({
  email: z.email(msg("Enter a valid email address.")).transform((e) => e.toLowerCase()),
});
export const invitationTokenSchema = z.object({ token: stringId });
export const reassignSchema = z.object({ mentorId: stringId.nullable() });
