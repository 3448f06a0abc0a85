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
