import { and, count, desc, eq, gt, ilike } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DiscussionBan } from "../../../shared/discussion-schemas.ts";
import { DISCUSSION_MESSAGES } from "../../../shared/discussions.ts";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { discussionBans } from "../../db/schema/discussions.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import type { DiscussionViewer } from "./discussion-access.ts";
import { authorName } from "./post-views.ts";

/**
 * Bans from posting (decision 064): a mentor or an admin bars a student from writing posts and
 * replies for 1 to DISCUSSION_BAN_MAX_DAYS days, with a reason; they still read the discussion.
 * A new ban replaces the student's current one; lifting it ends it now.
 */

const DAY_MS = 86_400_000;

export type ListBansInput = { query: SearchPageQuery; now: Date };

/** The bans in force now, the latest first, searched by the student's name. */
export async function listBans(db: Db, { query, now }: ListBansInput) {
  const moderator = alias(profiles, "moderator");
  const where = and(
    gt(discussionBans.until, now),
    query.search ? ilike(profiles.fullName, containsPattern(query.search)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: discussionBans.userId,
        fullName: profiles.fullName,
        until: discussionBans.until,
        reason: discussionBans.reason,
        createdAt: discussionBans.createdAt,
        bannedByName: moderator.fullName,
      })
      .from(discussionBans)
      .leftJoin(profiles, eq(profiles.id, discussionBans.userId))
      .leftJoin(moderator, eq(moderator.id, discussionBans.bannedBy))
      .where(where)
      .orderBy(desc(discussionBans.createdAt), desc(discussionBans.userId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(discussionBans)
      .leftJoin(profiles, eq(profiles.id, discussionBans.userId))
      .where(where),
  ]);
  const items = rows.map((row) => ({
    // The list's row id (the kit keys rows by it): one ban per student.
    id: row.userId,
    userId: row.userId,
    name: authorName(row.fullName),
    until: row.until.toISOString(),
    reason: row.reason,
    bannedBy: authorName(row.bannedByName),
    createdAt: row.createdAt.toISOString(),
  }));
  return pageOf(items, total, query);
}

export type BanWriterInput = { viewer: DiscussionViewer; ban: DiscussionBan; now: Date };

/** Bans a student from posting for `days` from now (replacing a ban they have). */
export async function banWriter(db: Db, { viewer, ban, now }: BanWriterInput) {
  const [target] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, ban.userId));
  if (!target) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.studentNotFound);
  if (target.role !== "student") {
    throw new AppError("CONFLICT", DISCUSSION_MESSAGES.banTargetNotStudent);
  }
  const until = new Date(now.getTime() + ban.days * DAY_MS);
  const values = { until, reason: ban.reason, bannedBy: viewer.userId, createdAt: now };
  await db
    .insert(discussionBans)
    .values({ userId: ban.userId, ...values })
    .onConflictDoUpdate({ target: discussionBans.userId, set: values });
  return { userId: ban.userId, until: until.toISOString(), reason: ban.reason };
}

export type LiftBanInput = { userId: string; now: Date };

/** Ends a student's ban now; 404 when they have none in force. */
export async function liftBan(db: Db, { userId, now }: LiftBanInput) {
  const lifted = await db
    .delete(discussionBans)
    .where(and(eq(discussionBans.userId, userId), gt(discussionBans.until, now)))
    .returning({ userId: discussionBans.userId });
  if (lifted.length === 0) throw new AppError("NOT_FOUND", DISCUSSION_MESSAGES.banNotFound);
  return { userId, lifted: true };
}
