import { sql } from "drizzle-orm";
import { DISCUSSION_MESSAGES, POST_REPORT_THRESHOLD } from "../../../shared/discussions.ts";
import type { Db } from "../../db/client.ts";
import {
  questionPostReports,
  questionPosts,
  questionPostVotes,
} from "../../db/schema/discussions.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertShown, type DiscussionViewer, openPost } from "./discussion-access.ts";

/**
 * "Helpful" marks and reports (decision 064). Each writes its row and the post's counter in one
 * statement, so the counter never drifts from the rows and a report that reaches the threshold
 * hides the post in the same statement.
 */

export type HelpfulInput = { viewer: DiscussionViewer; postId: string; now: Date };

async function votablePost(db: Db, { viewer, postId, now }: HelpfulInput) {
  const post = await openPost(db, { viewer, postId, now });
  assertShown(viewer.role, post);
  if (post.status !== "visible") throw new AppError("CONFLICT", DISCUSSION_MESSAGES.notVisible);
  if (post.userId === viewer.userId) {
    throw new AppError("FORBIDDEN", DISCUSSION_MESSAGES.ownPostHelpful);
  }
  return post;
}

/** Marks a post helpful, once per user (a second mark changes nothing); never one's own. */
export async function markHelpful(db: Db, input: HelpfulInput) {
  const post = await votablePost(db, input);
  const result = await db.execute(sql`
    with added as (
      insert into ${questionPostVotes} (post_id, user_id, created_at)
      values (${post.id}, ${input.viewer.userId}, ${input.now.toISOString()}::timestamptz)
      on conflict do nothing
      returning post_id)
    update ${questionPosts} p set helpful_count = p.helpful_count + 1
      from added where p.id = added.post_id
    returning p.helpful_count`);
  const rows = (result as unknown as { rows: { helpful_count: number }[] }).rows;
  return {
    id: post.id,
    helpfulCount: rows[0]?.helpful_count ?? post.helpfulCount,
    votedByMe: true,
  };
}

/** Takes one's helpful mark back (nothing to take back changes nothing). */
export async function unmarkHelpful(db: Db, input: HelpfulInput) {
  const post = await votablePost(db, input);
  const result = await db.execute(sql`
    with removed as (
      delete from ${questionPostVotes}
       where post_id = ${post.id} and user_id = ${input.viewer.userId}
      returning post_id)
    update ${questionPosts} p set helpful_count = p.helpful_count - 1
      from removed where p.id = removed.post_id
    returning p.helpful_count`);
  const rows = (result as unknown as { rows: { helpful_count: number }[] }).rows;
  return {
    id: post.id,
    helpfulCount: rows[0]?.helpful_count ?? post.helpfulCount,
    votedByMe: false,
  };
}

export type ReportPostInput = {
  viewer: DiscussionViewer;
  postId: string;
  reason: string | null;
  now: Date;
};

/**
 * A student reports a post, once. The report that makes POST_REPORT_THRESHOLD hides it pending a
 * moderator's review (`reported`), in the same statement; a pinned explanation stays shown (a
 * moderator verified it) and waits in the queue.
 */
export async function reportPost(db: Db, { viewer, postId, reason, now }: ReportPostInput) {
  const post = await openPost(db, { viewer, postId, now });
  assertShown(viewer.role, post);
  if (post.userId === viewer.userId) {
    throw new AppError("FORBIDDEN", DISCUSSION_MESSAGES.ownPostReport);
  }
  const result = await db.execute(sql`
    with added as (
      insert into ${questionPostReports} (post_id, user_id, reason, created_at)
      values (${post.id}, ${viewer.userId}, ${reason}, ${now.toISOString()}::timestamptz)
      on conflict do nothing
      returning post_id)
    update ${questionPosts} p
       set report_count = p.report_count + 1,
           status = case
             when p.status = 'visible' and p.pinned_at is null
                  and p.report_count + 1 >= ${POST_REPORT_THRESHOLD} then 'reported'
             else p.status end
      from added where p.id = added.post_id
    returning p.status`);
  const [row] = (result as unknown as { rows: { status: string }[] }).rows;
  if (!row) throw new AppError("CONFLICT", DISCUSSION_MESSAGES.alreadyReported);
  return { id: post.id, reportedByMe: true };
}
