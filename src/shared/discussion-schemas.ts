import { z } from "zod";
import {
  DISCUSSION_BAN_MAX_DAYS,
  DISCUSSION_COUNTS_MAX,
  DISCUSSION_MESSAGES,
  DISCUSSION_REASON_MAX_CHARS,
  DISCUSSION_SORTS,
  MODERATION_QUEUES,
  POST_MAX_CHARS,
} from "./discussions.ts";
import { pagedSearchQuerySchema } from "./list-queries.ts";
import { optionalText, text } from "./text.ts";

/**
 * The discussion's request contracts (decision 064), shared by the routes and the web's forms.
 * The constants and messages are in `discussions.ts`.
 */

/** ?sort=newest|helpful&page= on a question's discussion. */
export const discussionQuerySchema = z.object({
  sort: z.enum(DISCUSSION_SORTS).default("newest"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DiscussionQuery = z.infer<typeof discussionQuerySchema>;

/** ?questionIds=a,b,c (at most DISCUSSION_COUNTS_MAX): the counts a review shows. */
export const discussionCountsQuerySchema = z.object({
  questionIds: text()
    .transform((value) => [...new Set(value.split(",").map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.uuid(DISCUSSION_MESSAGES.questionIdsInvalid))
        .min(1, DISCUSSION_MESSAGES.questionIdsInvalid)
        .max(DISCUSSION_COUNTS_MAX, DISCUSSION_MESSAGES.tooManyQuestions),
    ),
});

/** A post's text: trimmed, at most POST_MAX_CHARS; blank only when an image carries the post. */
const postBody = text().trim().max(POST_MAX_CHARS, DISCUSSION_MESSAGES.bodyTooLong);

/** A new post or reply (JSON): its text, and the post it answers. */
export const createPostSchema = z.object({
  body: postBody.min(1, DISCUSSION_MESSAGES.bodyRequired),
  parentId: z.uuid().optional(),
});
export type CreatePost = z.infer<typeof createPostSchema>;

/** A new post or reply with an image (multipart): the text may be blank. */
export const createImagePostSchema = z.object({
  body: postBody.default(""),
  parentId: z.uuid().optional(),
  file: z.instanceof(File, { message: DISCUSSION_MESSAGES.imageMissing }),
});

/**
 * The composer's form in the browser: the text, and an image it may attach (made smaller before
 * it is sent, so its size is checked after that); text or an image.
 */
export const postComposerSchema = z
  .object({
    body: postBody,
    file: z.instanceof(File).optional(),
  })
  .refine((value) => value.body !== "" || value.file !== undefined, {
    message: DISCUSSION_MESSAGES.bodyRequired,
    path: ["body"],
  });

/** An edit of one's own post, within POST_EDIT_MINUTES. */
export const editPostSchema = z.object({
  body: postBody.min(1, DISCUSSION_MESSAGES.bodyRequired),
});
export type EditPost = z.infer<typeof editPostSchema>;

/** A report of a post: the reason is optional. */
export const reportPostSchema = z.object({
  reason: optionalText(DISCUSSION_REASON_MAX_CHARS),
});

/** A ban from posting, by a mentor or an admin: whom, for how many days, why. */
export const discussionBanSchema = z.object({
  userId: text().trim().min(1).max(100),
  days: z.coerce
    .number(DISCUSSION_MESSAGES.banDays)
    .int(DISCUSSION_MESSAGES.banDays)
    .min(1, DISCUSSION_MESSAGES.banDays)
    .max(DISCUSSION_BAN_MAX_DAYS, DISCUSSION_MESSAGES.banDays),
  reason: text()
    .trim()
    .min(1, DISCUSSION_MESSAGES.banReasonRequired)
    .max(DISCUSSION_REASON_MAX_CHARS),
});
export type DiscussionBan = z.infer<typeof discussionBanSchema>;

/** The moderation queue: ?queue=reported|hidden&page=&pageSize=&search=. */
export const moderationQuerySchema = pagedSearchQuerySchema.extend({
  queue: z.enum(MODERATION_QUEUES).default("reported"),
});
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

/** The current bans: ?page=&pageSize=&search=. */
export const bansQuerySchema = pagedSearchQuerySchema;

/** A ban's student in the path (better-auth's ids are not UUIDs). */
export const banParamSchema = z.object({ userId: text().min(1).max(100) });
