import { msg } from "./i18n/msg.ts";

/**
 * Discussion under each question (decision 064): posts and replies a student reaches once the key
 * gate opens the question's key to them. Plain constants here (no zod), so a review that shows a
 * count does not load the schemas (`discussion-schemas.ts`).
 */

/** A post is shown, hidden pending review (reports reached the threshold), hidden by a moderator, or deleted by its writer. */
export const POST_STATUSES = ["visible", "reported", "hidden", "deleted"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Newest first, or most helpful first (the verified explanation is always first). */
export const DISCUSSION_SORTS = ["newest", "helpful"] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];

/** A post's text: at most this many characters (simple formatting: **bold**, *italic*, lists). */
export const POST_MAX_CHARS = 4000;
/** A post may carry one image, at most this size (decoded on a file worker). */
export const POST_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** A writer may edit a post for this long after writing it. */
export const POST_EDIT_MINUTES = 10;
/** At most this many posts (and replies) by one student in any hour. */
export const POSTS_PER_HOUR = 10;
/** A post reported by this many different students is hidden until a moderator decides. */
export const POST_REPORT_THRESHOLD = 3;
/** A ban from posting: at most this many days. */
export const DISCUSSION_BAN_MAX_DAYS = 365;
/** Posts on one page of a discussion (top-level posts; each with all its replies). */
export const DISCUSSION_PAGE_SIZE = 20;
/** The images posts carry are served at this path (after the gate), never from /storage. */
export const postImagePath = (postId: string) => `/api/discussion-posts/${postId}/image`;
/** A notification's link: the student's discussion page of a question, at one post. */
export const discussionPagePath = (questionId: string, number?: number) =>
  `/questions/${questionId}/discussion${number === undefined ? "" : `#post-${number}`}`;
/** At most this many questions in one counts request (a review's page of questions). */
export const DISCUSSION_COUNTS_MAX = 200;
/** A report's reason, a ban's reason: at most this many characters. */
export const DISCUSSION_REASON_MAX_CHARS = 500;
/** The moderation queue's two lists: posts with reports waiting, and posts a moderator hid. */
export const MODERATION_QUEUES = ["reported", "hidden"] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

/** What the server answers and the screens say (English keys; the Hindi in discussions.json). */
export const DISCUSSION_MESSAGES = {
  notFound: msg("This discussion is not available."),
  postNotFound: msg("This post does not exist."),
  bodyRequired: msg("Write something, or attach an image."),
  bodyTooLong: msg("A post can be at most 4,000 characters."),
  parentNotFound: msg("The post you are replying to is not available."),
  parentDeleted: msg("This post was deleted, so it cannot be replied to."),
  banned: msg("You cannot post in discussions until {{until}}."),
  rateLimited: msg(
    "You can write at most 10 posts and replies in an hour. Try again in {{minutes}} minutes.",
  ),
  editWindowClosed: msg("A post can be edited only in the first 10 minutes after writing it."),
  notEditable: msg("This post can no longer be edited."),
  ownPostHelpful: msg("You cannot mark your own post as helpful."),
  ownPostReport: msg("You cannot report your own post."),
  alreadyReported: msg("You have already reported this post."),
  notVisible: msg("This post is not shown, so this cannot be done."),
  pinTopLevel: msg("Only a post, not a reply, can be pinned."),
  notHidden: msg("Only a hidden or reported post can be restored."),
  alreadyDeleted: msg("This post was deleted by its writer."),
  studentNotFound: msg("This student does not exist."),
  banTargetNotStudent: msg("Only a student can be banned from posting."),
  banNotFound: msg("This student is not banned."),
  banDays: msg("A ban lasts 1 to 365 days."),
  banReasonRequired: msg("Give the reason for the ban."),
  imageMissing: msg("Choose an image to attach."),
  imageTooLarge: msg("The image must be smaller than 2 MB."),
  notAnImage: msg("Only a photo or a screenshot (JPEG, PNG, WebP or HEIC) can be attached."),
  tooManyQuestions: msg("Ask for at most 200 questions at once."),
  questionIdsInvalid: msg("The question ids are not valid."),
} as const;
