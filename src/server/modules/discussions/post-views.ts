import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "../../../shared/constants.ts";
import { POST_EDIT_MINUTES, type PostStatus, postImagePath } from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  questionPostReports,
  questionPosts,
  questionPostVotes,
} from "../../db/schema/discussions.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { type DiscussionViewer, isModerator, isShownTo } from "./discussion-access.ts";

/** A post's columns with its writer's name and role (never their email). */
export const POST_COLUMNS = {
  id: questionPosts.id,
  questionId: questionPosts.questionId,
  userId: questionPosts.userId,
  parentId: questionPosts.parentId,
  number: questionPosts.number,
  body: questionPosts.body,
  imageKey: questionPosts.imageKey,
  status: questionPosts.status,
  helpfulCount: questionPosts.helpfulCount,
  reportCount: questionPosts.reportCount,
  pinnedAt: questionPosts.pinnedAt,
  editedAt: questionPosts.editedAt,
  createdAt: questionPosts.createdAt,
  authorName: profiles.fullName,
  authorRole: profiles.role,
};

export type PostRow = {
  id: string;
  questionId: string;
  userId: string;
  parentId: string | null;
  number: number;
  body: string;
  imageKey: string | null;
  status: PostStatus;
  helpfulCount: number;
  reportCount: number;
  pinnedAt: Date | null;
  editedAt: Date | null;
  createdAt: Date;
  authorName: string | null;
  authorRole: Role | null;
};

/**
 * The writer as a discussion shows them: their name and their badge (mentor, admin). A null name
 * is one they left empty: the screens say "Student" in the reader's language.
 */
export type PostAuthor = { name: string | null; role: Role };

/** profiles.full_name, or null when empty: never the email. */
export function authorName(fullName: string | null | undefined): string | null {
  return fullName?.trim() || null;
}

/** A name in a message to a student (a push's title): the name, or "Student" when empty. */
export function displayName(fullName: string | null | undefined): string {
  return authorName(fullName) ?? "Student";
}

/** One post as the viewer sees it. `body` and `author` are null where its words are not shown. */
export type PostView = {
  id: string;
  number: number;
  parentId: string | null;
  status: PostStatus;
  author: PostAuthor | null;
  body: string | null;
  imageUrl: string | null;
  helpfulCount: number;
  votedByMe: boolean;
  reportedByMe: boolean;
  mine: boolean;
  /** Until when its writer may still edit it (ISO); null when they may not. */
  canEditUntil: string | null;
  pinned: boolean;
  /** Moderators only: the reports since its last review. */
  reportCount: number | null;
  createdAt: string;
  editedAt: string | null;
};

/** The viewer's helpful marks and reports on these posts. */
export type ViewerMarks = { voted: ReadonlySet<string>; reported: ReadonlySet<string> };

export type ViewerMarksInput = { userId: string; postIds: readonly string[] };

export async function viewerMarks(
  db: DbOrTx,
  { userId, postIds }: ViewerMarksInput,
): Promise<ViewerMarks> {
  if (postIds.length === 0) return { voted: new Set(), reported: new Set() };
  const ids = [...postIds];
  const [votes, reports] = await Promise.all([
    db
      .select({ postId: questionPostVotes.postId })
      .from(questionPostVotes)
      .where(and(eq(questionPostVotes.userId, userId), inArray(questionPostVotes.postId, ids))),
    db
      .select({ postId: questionPostReports.postId })
      .from(questionPostReports)
      .where(and(eq(questionPostReports.userId, userId), inArray(questionPostReports.postId, ids))),
  ]);
  return {
    voted: new Set(votes.map((v) => v.postId)),
    reported: new Set(reports.map((r) => r.postId)),
  };
}

/** Until when a post's writer may edit it (POST_EDIT_MINUTES after writing it). */
export function editDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + POST_EDIT_MINUTES * 60_000);
}

export function toPostView(
  row: PostRow,
  context: { viewer: DiscussionViewer; marks: ViewerMarks; now: Date },
): PostView {
  const { viewer, marks, now } = context;
  const shown = isShownTo(viewer.role, row.status);
  const mine = row.userId === viewer.userId;
  const until = editDeadline(row.createdAt);
  return {
    id: row.id,
    number: row.number,
    parentId: row.parentId,
    status: row.status,
    author: shown ? { name: authorName(row.authorName), role: row.authorRole ?? "student" } : null,
    body: shown ? row.body : null,
    imageUrl: shown && row.imageKey ? postImagePath(row.id) : null,
    helpfulCount: row.helpfulCount,
    votedByMe: marks.voted.has(row.id),
    reportedByMe: marks.reported.has(row.id),
    mine,
    canEditUntil: mine && row.status === "visible" && now < until ? until.toISOString() : null,
    pinned: row.pinnedAt !== null,
    reportCount: isModerator(viewer.role) ? row.reportCount : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
