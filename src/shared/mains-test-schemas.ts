import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { MAINS_PAPERS, type MainsPaper } from "./mains-papers.ts";
import {
  BOOKLET_MAX_PAGES,
  DEFAULT_DOUBLE_MARK_PERCENT,
  DEFAULT_MAINS_DURATION_MINUTES,
  DEFAULT_MAINS_TURNAROUND_HOURS,
  DEFAULT_UPLOAD_GRACE_MINUTES,
  EVALUATION_MODES,
} from "./mains-tests.ts";
import { optionalText, text } from "./text.ts";

/**
 * The Mains test series' contracts (decision 063): an admin's test, its paper and its series; a
 * student's booklet (page order, turns, where each answer starts, typed answers); a mentor's
 * correction of the page map. The server's refusals are here too, beside the rules they name.
 */

/** A paper of at most this many questions (GS: 20; Essay: 8). */
export const MAINS_TEST_MAX_QUESTIONS = 40;
export const MAINS_TEST_MARKS_MAX = 250;
/** A typed answer: an essay of 1,200 words (in Hindi too) fits well within it. */
export const BOOKLET_TYPED_MAX_CHARS = 20_000;
/** A booklet's draft or submission as JSON: every typed answer at its longest, in Devanagari. */
export const BOOKLET_BODY_MAX_BYTES = 3 * 1024 * 1024;

export const MAINS_ADMIN_MESSAGES = {
  titleRequired: msg("Enter the test's title."),
  windowOrder: msg("The window must close after it opens."),
  seriesNotFound: msg("Mains test series not found."),
  questionNotFound: msg("A chosen question is not in the Mains question bank."),
  questionTwice: msg("A question can be in the paper only once."),
  sectionsInOrder: msg("Number the sections 1, 2, 3… without a gap."),
  chooseRule: msg(
    "The choice rule needs a number for each section, from 1 up to the questions in that section.",
  ),
  publishEmpty: msg("Add questions to the paper before publishing it."),
  paperLocked: msg(
    "Students have started this test: its paper, questions and choice rule can no longer change.",
  ),
  unpublishTaken: msg("Students have started this test: it cannot be unpublished."),
  deleteTaken: msg("Students have taken this test: it cannot be deleted."),
  deleteSeriesTaken: msg("Students have taken a test of this series: it cannot be deleted."),
} as const;

export const BOOKLET_MESSAGES = {
  notFound: msg("Booklet not found."),
  tooLong: msg("The typed answers are too long to save."),
  fileNotFound: msg("This page of the booklet was not found."),
  notWriting: msg("This booklet has been submitted; it can no longer change."),
  tooManyPages: msg("A booklet has at most 60 pages."),
  pdfAndPhotos: msg("Upload photos or one PDF, not both."),
  pdfTooLarge: msg("The PDF must be at most 40 MB."),
  pdfTooManyPages: msg("The PDF must have at most 60 pages."),
  pagesAndTyped: msg("Upload your pages or type your answers, not both."),
  pageOutOfRange: msg("An answer starts on a page the booklet does not have."),
  unknownQuestion: msg("An answer names a question that is not in this paper."),
  filesChanged: msg("The booklet's pages have changed. Reload and try again."),
  empty: msg("Mark where at least one answer starts, or type one, before submitting."),
  chooseExactly: msg("Answer at most {{number}} questions in section {{section}}."),
  chooseExactlyOne: msg("Answer at most 1 question in section {{section}}."),
} as const;

const optionalInstant = z.iso.datetime({ offset: true }).nullable().default(null);

/** An admin's Mains test (POST/PUT /api/admin/mains-tests): its rules; the paper is separate. */
export const mainsTestSchema = z
  .object({
    title: text().trim().min(1, MAINS_ADMIN_MESSAGES.titleRequired).max(200),
    titleHi: optionalText(200),
    instructions: optionalText(5000),
    instructionsHi: optionalText(5000),
    paper: z.enum(MAINS_PAPERS),
    seriesId: z.uuid().nullable().default(null),
    durationMinutes: z.coerce
      .number()
      .int()
      .min(10)
      .max(600)
      .default(DEFAULT_MAINS_DURATION_MINUTES),
    uploadGraceMinutes: z.coerce
      .number()
      .int()
      .min(0)
      .max(240)
      .default(DEFAULT_UPLOAD_GRACE_MINUTES),
    opensAt: z.iso.datetime({ offset: true }),
    closesAt: z.iso.datetime({ offset: true }),
    isFree: z.boolean().default(true),
    published: z.boolean().default(false),
    /**
     * How many questions to answer in each section (position 0 is section 1); null: every
     * question; left out: the paper's default (`defaultSectionChoose`).
     */
    sectionChoose: z
      .array(z.number().int().min(1).max(MAINS_TEST_MAX_QUESTIONS))
      .min(1)
      .max(10)
      .nullish(),
    evaluationMode: z.enum(EVALUATION_MODES).default("booklet"),
    doubleMarkPercent: z.coerce.number().int().min(0).max(100).default(DEFAULT_DOUBLE_MARK_PERCENT),
    turnaroundHours: z.coerce
      .number()
      .int()
      .min(1)
      .max(2160)
      .default(DEFAULT_MAINS_TURNAROUND_HOURS),
    resultsAt: optionalInstant,
  })
  .refine((v) => Date.parse(v.closesAt) > Date.parse(v.opensAt), {
    message: MAINS_ADMIN_MESSAGES.windowOrder,
    path: ["closesAt"],
  });
export type MainsTestInput = z.infer<typeof mainsTestSchema>;

/** UPSC's Essay paper: one topic of four in each of its two sections. Other papers: all. */
export function defaultSectionChoose(paper: MainsPaper): number[] | null {
  return paper === "essay" ? [1, 1] : null;
}

/** PUT /api/admin/mains-tests/:id/questions: the paper in order, each with its marks here. */
export const mainsTestQuestionsSchema = z.object({
  questions: z
    .array(
      z.object({
        questionId: z.uuid(),
        section: z.coerce.number().int().min(1).max(10).default(1),
        marks: z.coerce.number().int().min(1).max(MAINS_TEST_MARKS_MAX),
        wordLimit: z.coerce.number().int().min(1).max(5000).nullable().default(null),
      }),
    )
    .max(MAINS_TEST_MAX_QUESTIONS)
    .refine((qs) => new Set(qs.map((q) => q.questionId)).size === qs.length, {
      message: MAINS_ADMIN_MESSAGES.questionTwice,
    }),
});
export type MainsTestQuestionsInput = z.infer<typeof mainsTestQuestionsSchema>;

/** PUT /api/admin/mains-tests/:id/publication. */
export const mainsTestPublicationSchema = z.object({ published: z.boolean() });

/** POST/PUT /api/admin/mains-series. */
export const mainsSeriesSchema = z.object({
  title: text().trim().min(1, MAINS_ADMIN_MESSAGES.titleRequired).max(200),
  titleHi: optionalText(200),
  description: optionalText(2000),
  descriptionHi: optionalText(2000),
});
export type MainsSeriesInput = z.infer<typeof mainsSeriesSchema>;

/**
 * Whether the paper's sections and choice rule agree: sections numbered 1…n without a gap, and
 * (with a rule) a number for each section between 1 and its questions. The message, or null.
 */
export function paperProblem(
  sections: readonly number[],
  choose: readonly number[] | null,
): string | null {
  const highest = Math.max(0, ...sections);
  const counts = Array.from(
    { length: highest },
    (_, i) => sections.filter((s) => s === i + 1).length,
  );
  if (counts.some((n) => n === 0)) return MAINS_ADMIN_MESSAGES.sectionsInOrder;
  if (choose === null || sections.length === 0) return null;
  if (choose.length !== highest) return MAINS_ADMIN_MESSAGES.chooseRule;
  if (choose.some((n, i) => n < 1 || n > (counts[i] ?? 0))) return MAINS_ADMIN_MESSAGES.chooseRule;
  return null;
}

const rotation = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

/**
 * PUT /api/mains-tests/attempts/:attemptId/booklet (a draft) and its submit: the uploaded files
 * in the student's order with their turns (files left out are dropped at submit), and per
 * question where its answer starts (a 1-based page of the booklet) or its typed text.
 */
export const bookletDraftSchema = z.object({
  files: z
    .array(z.object({ id: z.uuid(), rotation: rotation.default(0) }))
    .max(BOOKLET_MAX_PAGES)
    .default([])
    .refine((fs) => new Set(fs.map((f) => f.id)).size === fs.length, {
      message: BOOKLET_MESSAGES.filesChanged,
    }),
  answers: z
    .array(
      z.object({
        testQuestionId: z.uuid(),
        startPage: z.number().int().min(1).max(10_000).nullable().default(null),
        typedText: text().max(BOOKLET_TYPED_MAX_CHARS).nullable().default(null),
      }),
    )
    .max(MAINS_TEST_MAX_QUESTIONS)
    .default([])
    .refine((as) => new Set(as.map((a) => a.testQuestionId)).size === as.length, {
      message: BOOKLET_MESSAGES.unknownQuestion,
    }),
});
export type BookletDraftInput = z.infer<typeof bookletDraftSchema>;

/** PUT /api/mentor/mains/booklets/:bookletId/map: a mentor's correction of where answers start. */
export const bookletMapSchema = z.object({
  answers: z
    .array(z.object({ testQuestionId: z.uuid(), startPage: z.number().int().min(1).max(10_000) }))
    .min(1)
    .max(MAINS_TEST_MAX_QUESTIONS),
});
export type BookletMapInput = z.infer<typeof bookletMapSchema>;

/**
 * The choice rule at submission (decision 063): with a rule, exactly its number of answers in
 * each section. `answered` holds each answered question's section. The first broken section's
 * message and values, or null.
 */
export function choiceProblem(
  answered: readonly number[],
  choose: readonly number[] | null,
): { key: string; values: Record<string, number> } | null {
  if (!choose) return null;
  for (const [i, count] of choose.entries()) {
    const section = i + 1;
    // At most the chosen number: a student who wrote fewer (one essay of two) still submits.
    if (answered.filter((s) => s === section).length > count) {
      return count === 1
        ? { key: BOOKLET_MESSAGES.chooseExactlyOne, values: { section } }
        : { key: BOOKLET_MESSAGES.chooseExactly, values: { number: count, section } };
    }
  }
  return null;
}

/** The texts of a Mains test's calendar file (written in the reader's language on the server). */
export const MAINS_CALENDAR_TEXTS = {
  rules: msg(
    "{{paper}}: write for {{minutes}} minutes at any time in this window, then upload your booklet within {{grace}} minutes.",
  ),
  opensSoon: msg("A Mains test opens in an hour: {{title}}"),
} as const;
