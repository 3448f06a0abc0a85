import { and, count, eq, gt, min } from "drizzle-orm";
import {
  DISCUSSION_MESSAGES,
  POST_EDIT_MINUTES,
  POSTS_PER_HOUR,
} from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { discussionBans, questionPosts } from "../../db/schema/discussions.ts";
import { AppError } from "../../lib/app-error.ts";
import { publicationDay } from "../../lib/calendar.ts";
import { type DiscussionViewer, isModerator } from "./discussion-access.ts";

/**
 * Who may post now (decision 064): a student banned by a moderator may not until the ban ends; a
 * student may write POSTS_PER_HOUR posts and replies in any rolling hour (deleted ones count).
 * Mentors and admins have neither rule.
 */

const HOUR_MS = 3_600_000;

export type PostingInput = { viewer: DiscussionViewer; now: Date };

/** The end of the viewer's current ban, or null. */
export async function activeBan(db: DbOrTx, { viewer, now }: PostingInput): Promise<Date | null> {
  if (isModerator(viewer.role)) return null;
  const [ban] = await db
    .select({ until: discussionBans.until })
    .from(discussionBans)
    .where(and(eq(discussionBans.userId, viewer.userId), gt(discussionBans.until, now)));
  return ban?.until ?? null;
}

/** The viewer's posts in the hour before `now` and the first of them (question_posts_user_created_idx). */
async function postsInLastHour(db: DbOrTx, { viewer, now }: PostingInput) {
  const [row] = await db
    .select({ n: count(), first: min(questionPosts.createdAt) })
    .from(questionPosts)
    .where(
      and(
        eq(questionPosts.userId, viewer.userId),
        gt(questionPosts.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return { n: row?.n ?? 0, first: row?.first ?? null };
}

/** What the discussion tells the viewer about their own posting, beside the posts. */
export async function postingFacts(db: DbOrTx, { viewer, now }: PostingInput) {
  const moderator = isModerator(viewer.role);
  if (moderator) {
    return {
      canPost: true,
      canModerate: true,
      bannedUntil: null,
      postsLeftThisHour: null,
      editMinutes: POST_EDIT_MINUTES,
    };
  }
  const [bannedUntil, recent] = await Promise.all([
    activeBan(db, { viewer, now }),
    postsInLastHour(db, { viewer, now }),
  ]);
  const postsLeftThisHour = Math.max(0, POSTS_PER_HOUR - recent.n);
  return {
    canPost: bannedUntil === null && postsLeftThisHour > 0,
    canModerate: false,
    bannedUntil: bannedUntil?.toISOString() ?? null,
    postsLeftThisHour,
    editMinutes: POST_EDIT_MINUTES,
  };
}

/**
 * Refuses a post the rules do not allow now: 403 while banned, 429 with Retry-After (when the
 * hour's first post leaves the window) past the limit. Run inside the posting transaction after
 * the writer's lock, so two posts at once cannot both pass the last place.
 */
export async function assertMayPost(db: DbOrTx, { viewer, now }: PostingInput): Promise<void> {
  if (isModerator(viewer.role)) return;
  const bannedUntil = await activeBan(db, { viewer, now });
  if (bannedUntil) {
    throw new AppError(
      "FORBIDDEN",
      // The day the ban ends, in India (the reader's screen shows the moment in its own zone).
      { key: DISCUSSION_MESSAGES.banned, values: { until: publicationDay(bannedUntil) } },
      { bannedUntil: bannedUntil.toISOString() },
    );
  }
  const recent = await postsInLastHour(db, { viewer, now });
  if (recent.n < POSTS_PER_HOUR) return;
  const freeAt = (recent.first?.getTime() ?? now.getTime()) + HOUR_MS;
  const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  throw new AppError(
    "RATE_LIMITED",
    { key: DISCUSSION_MESSAGES.rateLimited, values: { minutes: Math.ceil(seconds / 60) } },
    { retryAfterSeconds: seconds },
    { retryAfterSeconds: seconds },
  );
}
