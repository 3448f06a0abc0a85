import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { ModerationQuery } from "../../../shared/discussion-schemas.ts";
import {
  DISCUSSION_MESSAGES,
  discussionPagePath,
  postImagePath,
} from "../../../shared/discussions.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db } from "../../db/client.ts";
import { discussionBans, questionPosts } from "../../db/schema/discussions.ts";
import { questions } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { enqueueSelected } from "../notifications/outbox.ts";
import { type DiscussionViewer, openPost } from "./discussion-access.ts";
import { authorName } from "./post-views.ts";

/**
 * What mentors and admins do to a discussion (decision 064): pin a verified explanation (one per
 * question; pinning another replaces it), hide a post, restore a hidden or reported one, and the
 * queue of reported and hidden posts. Routes guard these with requireRole("mentor", "admin").
 */

export type ModeratePostInput = { viewer: DiscussionViewer; postId: string; now: Date };

/**
 * Pins a top-level shown post as the question's verified explanation, unpinning the one before,
 * and tells every other student who posted in the discussion (`explanationPinned`, one each).
 */
export async function pinPost(db: Db, { viewer, postId, now }: ModeratePostInput) {
  const post = await openPost(db, { viewer, postId, now });
  if (post.parentId !== null) throw new AppError("CONFLICT", DISCUSSION_MESSAGES.pinTopLevel);
  if (post.status !== "visible") throw new AppError("CONFLICT", DISCUSSION_MESSAGES.notVisible);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`discussion-pin:${post.questionId}`}))`,
    );
    await tx
      .update(questionPosts)
      .set({ pinnedAt: null, pinnedBy: null })
      .where(
        and(
          eq(questionPosts.questionId, post.questionId),
          isNotNull(questionPosts.pinnedAt),
          ne(questionPosts.id, post.id),
        ),
      );
    const [pinned] = await tx
      .update(questionPosts)
      .set({ pinnedAt: now, pinnedBy: viewer.userId })
      .where(
        and(
          eq(questionPosts.id, post.id),
          eq(questionPosts.status, "visible"),
          sql`${questionPosts.pinnedAt} is null`,
        ),
      )
      .returning({ id: questionPosts.id });
    // Pinned already: nobody is told twice.
    if (!pinned) return;
    const url = discussionPagePath(post.questionId, post.number);
    await enqueueSelected(tx, {
      kind: "explanationPinned",
      rows: sql`select distinct ${questionPosts.userId} as user_id, ${post.id}::text as ref,
                       jsonb_build_object('url', ${url}::text) as payload
                  from ${questionPosts}
                 where ${questionPosts.questionId} = ${post.questionId}
                   and ${questionPosts.userId} <> ${viewer.userId}`,
      now,
    });
  });
  return { id: post.id, pinned: true };
}

/** Unpins the question's verified explanation (it stays as an ordinary post). */
export async function unpinPost(db: Db, { viewer, postId, now }: ModeratePostInput) {
  const post = await openPost(db, { viewer, postId, now });
  await db
    .update(questionPosts)
    .set({ pinnedAt: null, pinnedBy: null })
    .where(eq(questionPosts.id, post.id));
  return { id: post.id, pinned: false };
}

/** Hides a shown or reported post from students (unpinning it); a deleted one stays deleted. */
export async function hidePost(db: Db, { viewer, postId, now }: ModeratePostInput) {
  const post = await openPost(db, { viewer, postId, now });
  if (post.status === "deleted") throw new AppError("CONFLICT", DISCUSSION_MESSAGES.alreadyDeleted);
  await db
    .update(questionPosts)
    .set({
      status: "hidden",
      pinnedAt: null,
      pinnedBy: null,
      moderatedBy: viewer.userId,
      moderatedAt: now,
    })
    .where(and(eq(questionPosts.id, post.id), ne(questionPosts.status, "deleted")));
  return { id: post.id, status: "hidden" as const };
}

/**
 * Shows a hidden or reported post again, or clears the reports waiting on a shown one: its count
 * starts again from 0 (the students who reported it cannot report it again).
 */
export async function restorePost(db: Db, { viewer, postId, now }: ModeratePostInput) {
  const post = await openPost(db, { viewer, postId, now });
  const restorable =
    post.status === "hidden" ||
    post.status === "reported" ||
    (post.status === "visible" && post.reportCount > 0);
  if (!restorable) throw new AppError("CONFLICT", DISCUSSION_MESSAGES.notHidden);
  await db
    .update(questionPosts)
    .set({ status: "visible", reportCount: 0, moderatedBy: viewer.userId, moderatedAt: now })
    .where(
      and(
        eq(questionPosts.id, post.id),
        inArray(questionPosts.status, ["hidden", "reported", "visible"]),
      ),
    );
  return { id: post.id, status: "visible" as const };
}

export type ListModerationQueueInput = { query: ModerationQuery; now: Date };

/**
 * The moderation queue: posts with reports waiting (most reported first; the partial index
 * question_posts_moderation_idx), or the posts moderators hid (latest first), each with its
 * question's text and a link, its writer and whether they are banned now.
 */
export async function listModerationQueue(db: Db, { query, now }: ListModerationQueueInput) {
  const queued =
    query.queue === "reported"
      ? and(
          gt(questionPosts.reportCount, 0),
          inArray(questionPosts.status, ["visible", "reported"]),
        )
      : eq(questionPosts.status, "hidden");
  const search = query.search
    ? or(
        ilike(questionPosts.body, containsPattern(query.search)),
        ilike(profiles.fullName, containsPattern(query.search)),
      )
    : undefined;
  const where = and(queued, search);
  const order =
    query.queue === "reported"
      ? [desc(questionPosts.reportCount), asc(questionPosts.createdAt), asc(questionPosts.id)]
      : [desc(questionPosts.moderatedAt), asc(questionPosts.id)];
  const reasons = sql<
    string[]
  >`(select coalesce(array_agg(x.reason order by x.created_at desc), '{}')
      from (select r.reason, r.created_at from question_post_reports r
             where r.post_id = ${questionPosts.id} and r.reason is not null
             order by r.created_at desc limit 3) x)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: questionPosts.id,
        number: questionPosts.number,
        questionId: questionPosts.questionId,
        questionText: sql<string>`left(${questions.questionText}, 300)`,
        status: questionPosts.status,
        body: questionPosts.body,
        imageKey: questionPosts.imageKey,
        reportCount: questionPosts.reportCount,
        pinnedAt: questionPosts.pinnedAt,
        createdAt: questionPosts.createdAt,
        moderatedAt: questionPosts.moderatedAt,
        userId: questionPosts.userId,
        fullName: profiles.fullName,
        role: profiles.role,
        bannedUntil: discussionBans.until,
        reasons,
      })
      .from(questionPosts)
      .innerJoin(questions, eq(questions.id, questionPosts.questionId))
      .leftJoin(profiles, eq(profiles.id, questionPosts.userId))
      .leftJoin(
        discussionBans,
        and(eq(discussionBans.userId, questionPosts.userId), gt(discussionBans.until, now)),
      )
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(questionPosts)
      .leftJoin(profiles, eq(profiles.id, questionPosts.userId))
      .where(where),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    number: row.number,
    questionId: row.questionId,
    questionText: row.questionText,
    discussionUrl: discussionPagePath(row.questionId, row.number),
    status: row.status,
    body: row.body,
    imageUrl: row.imageKey ? postImagePath(row.id) : null,
    reportCount: row.reportCount,
    reasons: row.reasons,
    pinned: row.pinnedAt !== null,
    author: { userId: row.userId, name: authorName(row.fullName), role: row.role ?? "student" },
    bannedUntil: row.bannedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
  }));
  return pageOf(items, total, query);
}
