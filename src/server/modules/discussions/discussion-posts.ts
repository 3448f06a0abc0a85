import { and, eq, gt, sql } from "drizzle-orm";
import {
  DISCUSSION_MESSAGES,
  discussionPagePath,
  POST_EDIT_MINUTES,
} from "../../../shared/discussions.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { questionPosts } from "../../db/schema/discussions.ts";
import { AppError } from "../../lib/app-error.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { enqueueMessages, type Outbox } from "../notifications/outbox.ts";
import {
  assertDiscussionReachable,
  type DiscussionViewer,
  isShownTo,
  openPost,
} from "./discussion-access.ts";
import { dropPostImage, readPostImage, storePostImage } from "./post-images.ts";
import { displayName, editDeadline, type PostView, toPostView } from "./post-views.ts";
import { assertMayPost } from "./posting-rules.ts";

/** The writer: who they are, and the name a reply's notification gives them. */
export type PostWriter = DiscussionViewer & { fullName: string | null };

const noMarks = { voted: new Set<string>(), reported: new Set<string>() };

export type CreatePostInput = {
  storage: FileStorage;
  outbox: Outbox;
  viewer: PostWriter;
  questionId: string;
  body: string;
  parentId?: string;
  /** The uploaded image (multipart), checked on a file worker before the post is written. */
  image?: unknown;
  now: Date;
};

/**
 * Writes a post, or a reply to one (one level: a reply to a reply joins the same thread), with
 * the next number of the question's discussion. The writer's lock makes the hourly limit exact
 * and the question's lock makes the number max+1 under concurrent posts (the unique index is the
 * backstop). The writer of the post replied to is told (`discussionReply`) in the same
 * transaction, unless they replied to themselves.
 */
export async function createPost(db: Db, input: CreatePostInput): Promise<PostView> {
  const { viewer, questionId, now } = input;
  await assertDiscussionReachable(db, { viewer, questionId, now });
  // Refused before an image is decoded; asked again under the lock below.
  await assertMayPost(db, { viewer, now });
  const parent = input.parentId ? await replyTarget(db, input) : null;
  const body = input.body.trim();
  if (body === "" && input.image === undefined) {
    throw new AppError("VALIDATION_FAILED", DISCUSSION_MESSAGES.bodyRequired);
  }
  const imageKey =
    input.image === undefined
      ? null
      : await storePostImage(input.storage, await readPostImage(input.image));
  try {
    const { post, messages } = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`discussion-writer:${viewer.userId}`}))`,
      );
      await assertMayPost(tx, { viewer, now });
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`discussion-numbers:${questionId}`}))`,
      );
      const [post] = await tx
        .insert(questionPosts)
        .values({
          questionId,
          userId: viewer.userId,
          parentId: parent ? (parent.parentId ?? parent.id) : null,
          number: sql`(select coalesce(max(${questionPosts.number}), 0) + 1 from ${questionPosts}
                        where ${questionPosts.questionId} = ${questionId})`,
          body,
          imageKey,
          createdAt: now,
        })
        .returning();
      if (!post) throw new Error("the post was not written");
      const messages =
        parent && parent.userId !== viewer.userId
          ? await enqueueMessages(tx, {
              messages: [
                {
                  kind: "discussionReply",
                  userId: parent.userId,
                  ref: post.id,
                  payload: {
                    name: displayName(viewer.fullName),
                    url: discussionPagePath(questionId, post.number),
                  },
                },
              ],
              now,
            })
          : [];
      return { post, messages };
    });
    await input.outbox.deliver(messages, now);
    return toPostView(
      { ...post, authorName: viewer.fullName, authorRole: viewer.role },
      { viewer, marks: noMarks, now },
    );
  } catch (error) {
    if (imageKey) await dropPostImage(input.storage, imageKey);
    throw error;
  }
}

/** The post a reply answers: in the same discussion, shown to the writer, not deleted. */
async function replyTarget(db: DbOrTx, input: CreatePostInput) {
  const [parent] = await db
    .select()
    .from(questionPosts)
    .where(
      and(
        eq(questionPosts.id, input.parentId ?? ""),
        eq(questionPosts.questionId, input.questionId),
      ),
    );
  if (!parent) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.parentNotFound);
  if (parent.status === "deleted") {
    throw new AppError("CONFLICT", DISCUSSION_MESSAGES.parentDeleted);
  }
  if (!isShownTo(input.viewer.role, parent.status)) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.parentNotFound);
  }
  return parent;
}

export type EditPostInput = {
  viewer: PostWriter;
  postId: string;
  body: string;
  now: Date;
};

/**
 * Its writer's edit of a shown post, within POST_EDIT_MINUTES of writing it (the server's clock).
 * Another user's post is a 404, as one that does not exist.
 */
export async function editPost(
  db: Db,
  { viewer, postId, body, now }: EditPostInput,
): Promise<PostView> {
  const post = await openPost(db, { viewer, postId, now });
  if (post.userId !== viewer.userId) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  }
  if (post.status !== "visible") throw new AppError("CONFLICT", DISCUSSION_MESSAGES.notEditable);
  if (now >= editDeadline(post.createdAt)) {
    throw new AppError("CONFLICT", DISCUSSION_MESSAGES.editWindowClosed);
  }
  const [edited] = await db
    .update(questionPosts)
    .set({ body: body.trim(), editedAt: now })
    .where(
      and(
        eq(questionPosts.id, postId),
        eq(questionPosts.userId, viewer.userId),
        eq(questionPosts.status, "visible"),
        gt(questionPosts.createdAt, new Date(now.getTime() - POST_EDIT_MINUTES * 60_000)),
      ),
    )
    .returning();
  if (!edited) throw new AppError("CONFLICT", DISCUSSION_MESSAGES.notEditable);
  return toPostView(
    { ...edited, authorName: viewer.fullName, authorRole: viewer.role },
    { viewer, marks: noMarks, now },
  );
}

export type DeletePostInput = {
  viewer: DiscussionViewer;
  postId: string;
  now: Date;
};

/**
 * Its writer deletes a post: it stays as "This post was deleted." while it has replies, which are
 * kept; a pinned explanation is unpinned. Deleting it again changes nothing.
 */
export async function deletePost(db: Db, { viewer, postId, now }: DeletePostInput) {
  const post = await openPost(db, { viewer, postId, now });
  if (post.userId !== viewer.userId) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  }
  if (post.status !== "deleted") {
    await db
      .update(questionPosts)
      .set({ status: "deleted", pinnedAt: null, pinnedBy: null })
      .where(and(eq(questionPosts.id, postId), eq(questionPosts.userId, viewer.userId)));
  }
  return { id: postId, status: "deleted" as const };
}
