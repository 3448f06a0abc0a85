import { eq, inArray } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import { DISCUSSION_MESSAGES } from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { questionPosts } from "../../db/schema/discussions.ts";
import { questions } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";
import { keyHolds } from "../answer-keys/key-gate.ts";

/**
 * Who may reach a question's discussion (decision 064): the answer-keys gate decides, as for the
 * key itself, since a post may quote the answer. A student reaches it once the gate opens the key
 * (they answered the question in a completed attempt or the explorer, its live test's results are
 * out, no open attempt of theirs holds it). Mentors and admins moderate every discussion: nothing
 * holds it from them.
 */

export type DiscussionViewer = { userId: string; role: Role };

/** Mentors and admins: never held, and they pin, hide, restore and ban. */
export function isModerator(role: Role): boolean {
  return role === "admin" || role === "mentor";
}

export type ReachableQuestionsInput = {
  viewer: DiscussionViewer;
  questionIds: readonly string[];
  now: Date;
};

/** The ids among `questionIds` that exist and whose discussion the viewer may reach now. */
export async function reachableQuestions(
  db: DbOrTx,
  { viewer, questionIds, now }: ReachableQuestionsInput,
): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const found = await db
    .select({ id: questions.id })
    .from(questions)
    .where(inArray(questions.id, [...new Set(questionIds)]));
  const existing = found.map((row) => row.id);
  if (isModerator(viewer.role)) return new Set(existing);
  const holds = await keyHolds(db, { viewer, questionIds: existing, now });
  return new Set(existing.filter((id) => !holds.has(id)));
}

export type AssertReachableInput = {
  viewer: DiscussionViewer;
  questionId: string;
  now: Date;
};

/** 404 unless the viewer may reach the question's discussion (nothing says why, or that it exists). */
export async function assertDiscussionReachable(
  db: DbOrTx,
  { viewer, questionId, now }: AssertReachableInput,
): Promise<void> {
  const reachable = await reachableQuestions(db, { viewer, questionIds: [questionId], now });
  if (!reachable.has(questionId)) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.notFound);
}

export type OpenPostInput = {
  viewer: DiscussionViewer;
  postId: string;
  now: Date;
};

/**
 * A post, for a route that takes a post's id: the gate is asked again for its question, so a post
 * id never opens a held question (404, as for a post that does not exist).
 */
export async function openPost(db: DbOrTx, { viewer, postId, now }: OpenPostInput) {
  const [post] = await db.select().from(questionPosts).where(eq(questionPosts.id, postId));
  if (!post) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  const reachable = await reachableQuestions(db, {
    viewer,
    questionIds: [post.questionId],
    now,
  });
  if (!reachable.has(post.questionId)) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  }
  return post;
}

export type QuestionPost = Awaited<ReturnType<typeof openPost>>;

/**
 * Whether a student sees this post's words: a post hidden pending review or by a moderator is
 * shown to students as a placeholder only; a deleted one to everyone.
 */
export function isShownTo(role: Role, status: QuestionPost["status"]): boolean {
  if (status === "deleted") return false;
  return status === "visible" || isModerator(role);
}

/** 404 for a student acting on a post they do not see (hidden, reported or deleted). */
export function assertShown(role: Role, post: QuestionPost): void {
  if (!isShownTo(role, post.status)) {
    throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.postNotFound);
  }
}
