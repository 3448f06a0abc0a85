import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { DiscussionQuery } from "../../../shared/discussion-schemas.ts";
import {
  DISCUSSION_PAGE_SIZE,
  type DiscussionSort,
  type PostStatus,
} from "../../../shared/discussions.ts";
import type { DbOrTx } from "../../db/client.ts";
import { questionPosts } from "../../db/schema/discussions.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  assertDiscussionReachable,
  type DiscussionViewer,
  isModerator,
  reachableQuestions,
} from "./discussion-access.ts";
import {
  POST_COLUMNS,
  type PostRow,
  type PostView,
  toPostView,
  viewerMarks,
} from "./post-views.ts";
import { postingFacts } from "./posting-rules.ts";

/** A top-level post with its replies, oldest reply first. */
export type ThreadView = PostView & { replies: PostView[] };

/** The statuses whose words the viewer reads (others are placeholders, or left out). */
function shownStatuses(viewer: DiscussionViewer): PostStatus[] {
  return isModerator(viewer.role) ? ["visible", "reported", "hidden"] : ["visible"];
}

const ORDER: Record<DiscussionSort, SQL[]> = {
  // question_posts_question_created_idx and question_posts_question_helpful_idx.
  newest: [desc(questionPosts.createdAt), asc(questionPosts.id)],
  helpful: [desc(questionPosts.helpfulCount), desc(questionPosts.createdAt), asc(questionPosts.id)],
};

export type GetDiscussionInput = {
  viewer: DiscussionViewer;
  questionId: string;
  query: DiscussionQuery;
  now: Date;
};

/**
 * A question's discussion for the viewer: the verified explanation first (`pinned`), then a page
 * of top-level posts (newest or most helpful first), each with its replies, and what the viewer
 * may do. A post whose words are not shown (deleted; hidden, for a student) stays as a
 * placeholder while it has replies that are, and is left out otherwise. 404 when the gate holds
 * the question.
 */
export async function getDiscussion(
  db: DbOrTx,
  { viewer, questionId, query, now }: GetDiscussionInput,
) {
  await assertDiscussionReachable(db, { viewer, questionId, now });
  const statuses = shownStatuses(viewer);
  const replies = sql.raw("r");
  // The question's own shown replies' parents, hashed once (bench:questions: a subquery over
  // every question's replies was planned as a scan of the whole table).
  const hasShownReply = sql`${questionPosts.id} in (select ${replies}.parent_id
    from ${questionPosts} ${replies}
    where ${replies}.question_id = ${questionId} and ${replies}.parent_id is not null
      and ${replies}.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )}))`;
  const listed = and(
    eq(questionPosts.questionId, questionId),
    isNull(questionPosts.parentId),
    isNull(questionPosts.pinnedAt),
    or(inArray(questionPosts.status, statuses), hasShownReply),
  );
  const pageSize = DISCUSSION_PAGE_SIZE;
  const [rows, [total], [pinnedRow]] = await Promise.all([
    selectPosts(db)
      .where(listed)
      .orderBy(...ORDER[query.sort])
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(questionPosts).where(listed),
    selectPosts(db).where(
      and(eq(questionPosts.questionId, questionId), isNotNull(questionPosts.pinnedAt)),
    ),
  ]);
  const pinned = pinnedRow?.status === "visible" ? pinnedRow : undefined;
  const tops = pinned ? [pinned, ...rows] : rows;
  const replyRows =
    tops.length === 0
      ? []
      : await selectPosts(db)
          .where(
            and(
              inArray(
                questionPosts.parentId,
                tops.map((p) => p.id),
              ),
              inArray(questionPosts.status, statuses),
            ),
          )
          .orderBy(asc(questionPosts.createdAt), asc(questionPosts.id));
  const marks = await viewerMarks(db, {
    userId: viewer.userId,
    postIds: [...tops, ...replyRows].map((p) => p.id),
  });
  const context = { viewer, marks, now };
  const thread = (row: PostRow): ThreadView => ({
    ...toPostView(row, context),
    replies: replyRows.filter((r) => r.parentId === row.id).map((r) => toPostView(r, context)),
  });
  return {
    questionId,
    sort: query.sort,
    pinned: pinned ? thread(pinned) : null,
    items: rows.map(thread),
    total: total?.n ?? 0,
    page: query.page,
    pageSize,
    viewer: await postingFacts(db, { viewer, now }),
  };
}

function selectPosts(db: DbOrTx) {
  return db
    .select(POST_COLUMNS)
    .from(questionPosts)
    .leftJoin(profiles, eq(profiles.id, questionPosts.userId))
    .$dynamic();
}

export type GetDiscussionCountsInput = {
  viewer: DiscussionViewer;
  questionIds: readonly string[];
  now: Date;
};

/**
 * The number of shown posts (replies included) under each question the viewer may reach; a held
 * or unknown question is left out, so the answer reveals nothing about it.
 */
export async function getDiscussionCounts(
  db: DbOrTx,
  { viewer, questionIds, now }: GetDiscussionCountsInput,
): Promise<{ counts: Record<string, number> }> {
  const reachable = [...(await reachableQuestions(db, { viewer, questionIds, now }))];
  const counts: Record<string, number> = Object.fromEntries(reachable.map((id) => [id, 0]));
  if (reachable.length === 0) return { counts };
  // question_posts_question_number_key: one index range per question.
  const rows = await db
    .select({ questionId: questionPosts.questionId, n: count() })
    .from(questionPosts)
    .where(and(inArray(questionPosts.questionId, reachable), eq(questionPosts.status, "visible")))
    .groupBy(questionPosts.questionId);
  for (const row of rows) counts[row.questionId] = row.n;
  return { counts };
}
