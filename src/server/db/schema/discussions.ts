import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { POST_STATUSES, type PostStatus } from "../../../shared/discussions.ts";
import { user } from "./auth.ts";
import { questions } from "./exams.ts";

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(",")})`);

/**
 * A post in a question's discussion (decision 064), or a reply to one (`parent_id`, one level).
 * `number` counts a question's posts from 1, so a post can mention another as "#3". A post
 * reported by enough students is `reported` (hidden until a moderator restores or hides it);
 * `pinned_at` marks the question's one verified explanation, pinned by a mentor or an admin.
 * `helpful_count` and `report_count` are kept by the vote and report writes (a list never counts).
 */
export const questionPosts = pgTable(
  "question_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => questionPosts.id, {
      onDelete: "cascade",
    }),
    number: integer("number").notNull(),
    body: text("body").notNull(),
    /** The attached image's storage key (/storage/discussion_images/{key}); null: none. */
    imageKey: text("image_key"),
    status: text("status").$type<PostStatus>().notNull().default("visible"),
    helpfulCount: integer("helpful_count").notNull().default(0),
    reportCount: integer("report_count").notNull().default(0),
    pinnedAt: timestamp("pinned_at", { withTimezone: true }),
    pinnedBy: text("pinned_by").references(() => user.id, { onDelete: "set null" }),
    /** Who hid or restored it last, and when (the moderation log). */
    moderatedBy: text("moderated_by").references(() => user.id, { onDelete: "set null" }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("question_posts_question_number_key").on(t.questionId, t.number),
    // A discussion's top-level posts, newest first or most helpful first, and its count.
    index("question_posts_question_created_idx")
      .on(t.questionId, t.createdAt.desc(), t.id)
      .where(sql`${t.parentId} is null`),
    index("question_posts_question_helpful_idx")
      .on(t.questionId, t.helpfulCount.desc(), t.createdAt.desc(), t.id)
      .where(sql`${t.parentId} is null`),
    index("question_posts_parent_idx")
      .on(t.parentId, t.createdAt)
      .where(sql`${t.parentId} is not null`),
    // The posting limit (posts in the last hour) and a student's own posts.
    index("question_posts_user_created_idx").on(t.userId, t.createdAt),
    // The moderation queue: reported posts, most reported first.
    index("question_posts_moderation_idx")
      .on(t.reportCount.desc(), t.createdAt)
      .where(sql`${t.reportCount} > 0 and ${t.status} in ('visible', 'reported')`),
    // The moderators' hidden list: hidden posts, the latest decision first.
    index("question_posts_hidden_idx")
      .on(t.moderatedAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'hidden'`),
    uniqueIndex("question_posts_one_pinned_key")
      .on(t.questionId)
      .where(sql`${t.pinnedAt} is not null`),
    check("question_posts_status_valid", inList("status", POST_STATUSES)),
    check(
      "question_posts_body_not_blank",
      sql`btrim(${t.body}) <> '' or ${t.imageKey} is not null`,
    ),
    check(
      "question_posts_counts_non_negative",
      sql`${t.helpfulCount} >= 0 and ${t.reportCount} >= 0`,
    ),
    check("question_posts_number_positive", sql`${t.number} > 0`),
    check("question_posts_pinned_top_level", sql`${t.pinnedAt} is null or ${t.parentId} is null`),
  ],
);

/** One "helpful" per student per post. */
export const questionPostVotes = pgTable(
  "question_post_votes",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => questionPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** One report per student per post; enough of them hide the post pending review. */
export const questionPostReports = pgTable(
  "question_post_reports",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => questionPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** A student banned from posting until `until`, by a mentor or an admin. */
export const discussionBans = pgTable("discussion_bans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  until: timestamp("until", { withTimezone: true }).notNull(),
  reason: text("reason"),
  bannedBy: text("banned_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
