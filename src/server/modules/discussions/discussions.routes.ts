import { Hono } from "hono";
import {
  banParamSchema,
  bansQuerySchema,
  createImagePostSchema,
  createPostSchema,
  discussionBanSchema,
  discussionCountsQuerySchema,
  discussionQuerySchema,
  editPostSchema,
  moderationQuerySchema,
  reportPostSchema,
} from "../../../shared/discussion-schemas.ts";
import { DISCUSSION_MESSAGES, POST_IMAGE_MAX_BYTES } from "../../../shared/discussions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { declare } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { privateFileResponse } from "../../storage/serve-file.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import type { Outbox } from "../notifications/outbox.ts";
import { banWriter, liftBan, listBans } from "./discussion-bans.ts";
import {
  hidePost,
  listModerationQueue,
  pinPost,
  restorePost,
  unpinPost,
} from "./discussion-moderation.ts";
import { createPost, deletePost, editPost } from "./discussion-posts.ts";
import { getDiscussionQuestion } from "./discussion-question.ts";
import { getDiscussion, getDiscussionCounts } from "./discussion-read.ts";
import { openPostImage } from "./post-images.ts";
import { markHelpful, reportPost, unmarkHelpful } from "./post-reactions.ts";

export type DiscussionDeps = {
  storage: FileStorage;
  outbox: Outbox;
  /** The clock (tests move it). */
  now: () => Date;
};

/**
 * The discussion under each question (decision 064), mounted at /api:
 * - /questions/:id/discussion (GET a page of posts; POST a post or reply; POST …/image-posts with
 *   an image), /questions/:id/discussion/question (the question with its key, through the gate);
 * - /discussions/counts?questionIds= (a review's counts);
 * - /discussion-posts/:id (PATCH edit, DELETE), …/image, …/helpful (POST, DELETE), …/report,
 *   and the moderators' …/pin (POST, DELETE), …/hide, …/restore;
 * - /moderation/discussion-posts (the queue), /moderation/discussion-bans (GET, POST, DELETE /:userId).
 * Every route that takes a question's or a post's id asks the answer-keys gate for the question.
 */
export function createDiscussionRoutes(db: Db, deps: DiscussionDeps) {
  const { now } = deps;
  const moderator = requireRole("mentor", "admin");
  const writer = (c: Parameters<typeof viewerOf>[0]) => {
    const viewer = viewerOf(c);
    return { userId: viewer.userId, role: viewer.role, fullName: viewer.fullName };
  };

  return new Hono<AppEnv>()
    .get(
      "/questions/:id/discussion",
      requireAuth,
      validate("param", idParamSchema),
      validate("query", discussionQuerySchema),
      async (c) =>
        c.json(
          await getDiscussion(db, {
            viewer: viewerOf(c),
            questionId: c.req.valid("param").id,
            query: c.req.valid("query"),
            now: now(),
          }),
        ),
    )
    .get(
      "/questions/:id/discussion/question",
      requireAuth,
      validate("param", idParamSchema),
      async (c) =>
        c.json(
          await getDiscussionQuestion(db, {
            viewer: viewerOf(c),
            questionId: c.req.valid("param").id,
            now: now(),
          }),
        ),
    )
    .post(
      "/questions/:id/discussion",
      requireAuth,
      validate("param", idParamSchema),
      validate("json", createPostSchema),
      async (c) => {
        const { body, parentId } = c.req.valid("json");
        return c.json(
          await createPost(db, {
            storage: deps.storage,
            outbox: deps.outbox,
            viewer: writer(c),
            questionId: c.req.valid("param").id,
            body,
            parentId,
            now: now(),
          }),
          201,
        );
      },
    )
    .post(
      "/questions/:id/discussion/image-posts",
      requireAuth,
      uploadLimit(POST_IMAGE_MAX_BYTES, DISCUSSION_MESSAGES.imageTooLarge),
      validate("param", idParamSchema),
      validate("form", createImagePostSchema),
      async (c) => {
        const { body, parentId, file } = c.req.valid("form");
        return c.json(
          await createPost(db, {
            storage: deps.storage,
            outbox: deps.outbox,
            viewer: writer(c),
            questionId: c.req.valid("param").id,
            body,
            parentId,
            image: file,
            now: now(),
          }),
          201,
        );
      },
    )
    .get(
      "/discussions/counts",
      requireAuth,
      validate("query", discussionCountsQuerySchema),
      async (c) =>
        c.json(
          await getDiscussionCounts(db, {
            viewer: viewerOf(c),
            questionIds: c.req.valid("query").questionIds,
            now: now(),
          }),
        ),
    )
    .patch(
      "/discussion-posts/:id",
      requireAuth,
      validate("param", idParamSchema),
      validate("json", editPostSchema),
      async (c) =>
        c.json(
          await editPost(db, {
            viewer: writer(c),
            postId: c.req.valid("param").id,
            body: c.req.valid("json").body,
            now: now(),
          }),
        ),
    )
    .delete("/discussion-posts/:id", requireAuth, validate("param", idParamSchema), async (c) =>
      c.json(
        await deletePost(db, { viewer: viewerOf(c), postId: c.req.valid("param").id, now: now() }),
      ),
    )
    .get(
      "/discussion-posts/:id/image",
      requireAuth,
      declare({ servesStoredFile: true }),
      validate("param", idParamSchema),
      async (c) => {
        const stored = await openPostImage(db, {
          storage: deps.storage,
          viewer: viewerOf(c),
          postId: c.req.valid("param").id,
          now: now(),
        });
        return privateFileResponse(stored, "image/webp");
      },
    )
    .post(
      "/discussion-posts/:id/helpful",
      requireAuth,
      validate("param", idParamSchema),
      async (c) =>
        c.json(
          await markHelpful(db, {
            viewer: viewerOf(c),
            postId: c.req.valid("param").id,
            now: now(),
          }),
        ),
    )
    .delete(
      "/discussion-posts/:id/helpful",
      requireAuth,
      validate("param", idParamSchema),
      async (c) =>
        c.json(
          await unmarkHelpful(db, {
            viewer: viewerOf(c),
            postId: c.req.valid("param").id,
            now: now(),
          }),
        ),
    )
    .post(
      "/discussion-posts/:id/report",
      requireRole("student"),
      validate("param", idParamSchema),
      validate("json", reportPostSchema),
      async (c) =>
        c.json(
          await reportPost(db, {
            viewer: viewerOf(c),
            postId: c.req.valid("param").id,
            reason: c.req.valid("json").reason,
            now: now(),
          }),
        ),
    )
    .post("/discussion-posts/:id/pin", moderator, validate("param", idParamSchema), async (c) =>
      c.json(
        await pinPost(db, { viewer: viewerOf(c), postId: c.req.valid("param").id, now: now() }),
      ),
    )
    .delete("/discussion-posts/:id/pin", moderator, validate("param", idParamSchema), async (c) =>
      c.json(
        await unpinPost(db, { viewer: viewerOf(c), postId: c.req.valid("param").id, now: now() }),
      ),
    )
    .post("/discussion-posts/:id/hide", moderator, validate("param", idParamSchema), async (c) =>
      c.json(
        await hidePost(db, { viewer: viewerOf(c), postId: c.req.valid("param").id, now: now() }),
      ),
    )
    .post("/discussion-posts/:id/restore", moderator, validate("param", idParamSchema), async (c) =>
      c.json(
        await restorePost(db, { viewer: viewerOf(c), postId: c.req.valid("param").id, now: now() }),
      ),
    )
    .get(
      "/moderation/discussion-posts",
      moderator,
      validate("query", moderationQuerySchema),
      async (c) =>
        c.json(await listModerationQueue(db, { query: c.req.valid("query"), now: now() })),
    )
    .get("/moderation/discussion-bans", moderator, validate("query", bansQuerySchema), async (c) =>
      c.json(await listBans(db, { query: c.req.valid("query"), now: now() })),
    )
    .post(
      "/moderation/discussion-bans",
      moderator,
      validate("json", discussionBanSchema),
      async (c) =>
        c.json(
          await banWriter(db, { viewer: viewerOf(c), ban: c.req.valid("json"), now: now() }),
          201,
        ),
    )
    .delete(
      "/moderation/discussion-bans/:userId",
      moderator,
      validate("param", banParamSchema),
      async (c) => c.json(await liftBan(db, { userId: c.req.valid("param").userId, now: now() })),
    );
}
