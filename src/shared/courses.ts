import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { paginationQuerySchema } from "./pagination.ts";
import { optionalText, text } from "./text.ts";

/**
 * Courses (decision 043): a syllabus of ordered modules whose steps are existing notes, videos,
 * live classes, exams, quizzes and practice tests, at a public page /courses/{slug}.
 */

export const COURSE_ITEM_KINDS = [
  "note",
  "video",
  "live_class",
  "exam",
  "quiz",
  "practice",
] as const;
export type CourseItemKind = (typeof COURSE_ITEM_KINDS)[number];

export const COURSE_ITEM_LABELS: Record<CourseItemKind, string> = {
  note: msg("Note"),
  video: msg("Video"),
  live_class: msg("Live class"),
  exam: msg("Test"),
  quiz: msg("Quiz"),
  practice: msg("Practice test"),
};

export const COURSE_LIMITS = { modules: 30, itemsPerModule: 40 } as const;

export const COURSE_MESSAGES = {
  notFound: msg("Course not found."),
  slugTaken: msg("Another course already uses this web address. Choose another."),
  slugFormat: msg("Use lowercase letters, digits and single hyphens, like polity-foundation."),
  titleRequired: msg("Title is required."),
  moduleTitleRequired: msg("Each module needs a title."),
  itemMissing: msg("A step of the syllabus points to something that no longer exists."),
  planMissing: msg("One of the chosen plans does not exist."),
  notInPlan: msg(
    "This course is included in a plan you do not have. See the plans that include it.",
  ),
  tooManyModules: msg("A course can have at most 30 modules."),
  tooManyItems: msg("A module can have at most 40 steps."),
  tooLarge: msg("A course can be at most 1 MB, description and syllabus together."),
} as const;

export const courseItemInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("note"), id: z.uuid() }),
  z.object({ kind: z.literal("video"), id: z.uuid() }),
  z.object({ kind: z.literal("live_class"), id: z.uuid() }),
  z.object({ kind: z.literal("exam"), id: z.uuid() }),
  z.object({ kind: z.literal("quiz"), id: z.uuid() }),
  z.object({
    kind: z.literal("practice"),
    subjectId: z.uuid(),
    topicId: z.uuid().nullable().default(null),
    questions: z.coerce.number().int().min(5).max(100).default(20),
  }),
]);
export type CourseItemInput = z.infer<typeof courseItemInputSchema>;

export const courseModuleInputSchema = z.object({
  title: text().trim().min(1, COURSE_MESSAGES.moduleTitleRequired).max(200),
  titleHi: optionalText(200),
  items: z
    .array(courseItemInputSchema)
    .max(COURSE_LIMITS.itemsPerModule, COURSE_MESSAGES.tooManyItems),
});

export const courseSchema = z.object({
  slug: text()
    .trim()
    .min(1, COURSE_MESSAGES.slugFormat)
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, COURSE_MESSAGES.slugFormat),
  title: text().trim().min(1, COURSE_MESSAGES.titleRequired).max(200),
  titleHi: optionalText(200),
  summary: text().trim().max(500).default(""),
  summaryHi: optionalText(500),
  /** HTML from the rich-text editor; the server sanitises it. */
  description: text().max(200_000).default(""),
  isFree: z.boolean().default(true),
  isPublished: z.boolean().default(false),
  sortOrder: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The plans that open this course when it is premium. */
  planIds: z
    .array(z.uuid())
    .max(50)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  modules: z
    .array(courseModuleInputSchema)
    .max(COURSE_LIMITS.modules, COURSE_MESSAGES.tooManyModules)
    .default([]),
});
export type CourseInput = z.infer<typeof courseSchema>;
export type CourseFormInput = z.input<typeof courseSchema>;

export const adminCourseListQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).default(""),
});

export const courseItemOptionsQuerySchema = z.object({
  kind: z.enum(["note", "video", "live_class", "exam", "quiz"]),
  search: text().trim().max(200).default(""),
});

/** A title as a slug: "Polity: the foundation" → "polity-the-foundation". */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
