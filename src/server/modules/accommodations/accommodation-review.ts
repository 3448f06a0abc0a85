import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { ACCOMMODATION_MESSAGES, type ExtraTime } from "../../../shared/accommodations.ts";
import { pageOf } from "../../../shared/page.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodations } from "../../db/schema/accommodations.ts";
import { user } from "../../db/schema/auth.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { certificateUrlOf } from "./accommodations.service.ts";

type ListQuery = { page: number; pageSize: number; search?: string };

/**
 * The admins' list: requests under review first, then the others, each group newest first
 * (`accommodations_review_idx`), with the student's name and email; searched by name or email.
 */
export async function listAccommodations(db: DbOrTx, query: ListQuery) {
  const where = query.search
    ? (or(
        ilike(user.name, containsPattern(query.search)),
        ilike(user.email, containsPattern(query.search)),
      ) as SQL)
    : undefined;
  const order = [
    sql`(${accommodations.status} <> 'pending')`,
    sql`${accommodations.requestedAt} desc nulls last`,
    asc(accommodations.id),
  ];
  // Without a search the page is chosen on the index alone, and only its rows meet the users.
  const pageIds = db
    .select({ id: accommodations.id })
    .from(accommodations)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: accommodations.id,
        status: accommodations.status,
        name: user.name,
        email: user.email,
        extraTimeKind: accommodations.extraTimeKind,
        extraMinutes: accommodations.extraMinutes,
        reason: accommodations.reason,
        certificateKey: accommodations.certificateKey,
        certificateUploadedAt: accommodations.certificateUploadedAt,
        requestedAt: accommodations.requestedAt,
        reviewedAt: accommodations.reviewedAt,
      })
      .from(accommodations)
      .innerJoin(user, eq(user.id, accommodations.userId))
      .where(where ?? inArray(accommodations.id, pageIds))
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(where ? (query.page - 1) * query.pageSize : 0),
    where
      ? db
          .select({ n: count() })
          .from(accommodations)
          .innerJoin(user, eq(user.id, accommodations.userId))
          .where(where)
      : db.select({ n: count() }).from(accommodations),
  ]);
  const items = rows.map(({ certificateKey, extraTimeKind, extraMinutes, ...row }) => ({
    ...row,
    extraTime:
      extraTimeKind && extraMinutes ? { kind: extraTimeKind, minutes: extraMinutes } : null,
    certificateUrl: certificateKey ? certificateUrlOf(row.id) : null,
    certificateUploadedAt: row.certificateUploadedAt?.toISOString() ?? null,
    requestedAt: row.requestedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }));
  return pageOf(items, total, query);
}

/**
 * Moves a request from one status to the next with one conditional update, so two admins acting
 * at once cannot both succeed; a request in another status is a 409, a missing one a 404.
 */
async function review(
  db: DbOrTx,
  id: string,
  from: "pending" | "approved",
  set: Partial<typeof accommodations.$inferInsert>,
) {
  const [changed] = await db
    .update(accommodations)
    .set(set)
    .where(and(eq(accommodations.id, id), eq(accommodations.status, from)))
    .returning({ id: accommodations.id, status: accommodations.status });
  if (changed) return changed;
  const [exists] = await db
    .select({ id: accommodations.id })
    .from(accommodations)
    .where(eq(accommodations.id, id));
  if (!exists) throw new AppError("NOT_FOUND", ACCOMMODATION_MESSAGES.notFound);
  throw new AppError(
    "CONFLICT",
    from === "pending" ? ACCOMMODATION_MESSAGES.notPending : ACCOMMODATION_MESSAGES.notApproved,
  );
}

const reviewedBy = (adminId: string, now: Date) => ({
  reviewedBy: adminId,
  reviewedAt: now,
  updatedAt: now,
});

export type ApproveAccommodationInput = {
  adminId: string;
  id: string;
  grant: ExtraTime;
  now: Date;
};

export function approveAccommodation(db: DbOrTx, input: ApproveAccommodationInput) {
  return review(db, input.id, "pending", {
    status: "approved",
    extraTimeKind: input.grant.kind,
    extraMinutes: input.grant.minutes,
    reason: null,
    ...reviewedBy(input.adminId, input.now),
  });
}

export type RejectAccommodationInput = { adminId: string; id: string; reason: string; now: Date };

export function rejectAccommodation(db: DbOrTx, input: RejectAccommodationInput) {
  return review(db, input.id, "pending", {
    status: "rejected",
    reason: input.reason,
    ...reviewedBy(input.adminId, input.now),
  });
}

export type RevokeAccommodationInput = { adminId: string; id: string; reason: string; now: Date };

/** Withdraws approved extra time; attempts already running keep what they were given. */
export function revokeAccommodation(db: DbOrTx, input: RevokeAccommodationInput) {
  return review(db, input.id, "approved", {
    status: "revoked",
    extraTimeKind: null,
    extraMinutes: null,
    reason: input.reason,
    ...reviewedBy(input.adminId, input.now),
  });
}

export type GrantAccommodationInput = {
  adminId: string;
  email: string;
  grant: ExtraTime;
  now: Date;
};

/**
 * Sets extra time on a student's account directly (the certificate checked offline), whatever
 * the request's status, keeping any certificate uploaded. Only student accounts take tests.
 */
export async function grantAccommodation(db: DbOrTx, input: GrantAccommodationInput) {
  const [student] = await db
    .select({ id: user.id, role: profiles.role })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(sql`lower(${user.email})`, input.email.toLowerCase()));
  if (!student) throw new AppError("NOT_FOUND", ACCOMMODATION_MESSAGES.accountNotFound);
  if (student.role !== "student") {
    throw new AppError("CONFLICT", ACCOMMODATION_MESSAGES.onlyStudents);
  }
  const grant = {
    status: "approved" as const,
    extraTimeKind: input.grant.kind,
    extraMinutes: input.grant.minutes,
    reason: null,
    requestedAt: input.now,
    ...reviewedBy(input.adminId, input.now),
  };
  const [saved] = await db
    .insert(accommodations)
    .values({ userId: student.id, ...grant })
    .onConflictDoUpdate({ target: accommodations.userId, set: grant })
    .returning({ id: accommodations.id, status: accommodations.status });
  return saved;
}
