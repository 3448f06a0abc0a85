import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { EVALUATION_MESSAGES } from "../../../shared/evaluation.ts";
import { pageOf } from "../../../shared/page.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { answerCopies, mainsQuestions } from "../../db/schema/evaluation.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { AppError } from "../../lib/app-error.ts";
import { getEvaluationSettings } from "./evaluation-settings.ts";

export const ADMIN_COPY_FILTERS = ["pending", "overdue", "evaluated"] as const;
export type AdminCopyFilter = (typeof ADMIN_COPY_FILTERS)[number];

const hours = (column: SQL) => sql`extract(epoch from ${column}) / 3600`;

/**
 * The admins' overview: pending (not yet evaluated), overdue (pending past the promised time)
 * and evaluated counts; average and 90th-percentile turnaround overall and per mentor, with
 * each mentor's average rating.
 */
export async function evaluationSummary(db: DbOrTx, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const turnaround = hours(sql`${answerCopies.evaluatedAt} - ${answerCopies.submittedAt}`);
  const [[counts], [overall], perMentor] = await Promise.all([
    db
      .select({
        pending: sql<number>`count(*) filter (where ${answerCopies.status} in ('submitted','claimed'))::int`,
        overdue: sql<number>`count(*) filter (where ${answerCopies.status} in ('submitted','claimed') and ${answerCopies.dueAt} < ${at})::int`,
        evaluated: sql<number>`count(*) filter (where ${answerCopies.status} = 'evaluated')::int`,
      })
      .from(answerCopies),
    db
      .select({
        averageHours: sql<number | null>`round(avg(${turnaround})::numeric, 1)::float8`,
        p90Hours: sql<
          number | null
        >`round((percentile_cont(0.9) within group (order by ${turnaround}))::numeric, 1)::float8`,
        onTime: sql<number>`count(*) filter (where ${answerCopies.evaluatedAt} <= ${answerCopies.dueAt})::int`,
      })
      .from(answerCopies)
      .where(eq(answerCopies.status, "evaluated")),
    db
      .select({
        mentorId: answerCopies.evaluatedBy,
        name: user.name,
        evaluated: sql<number>`count(*)::int`,
        averageHours: sql<number | null>`round(avg(${turnaround})::numeric, 1)::float8`,
        p90Hours: sql<
          number | null
        >`round((percentile_cont(0.9) within group (order by ${turnaround}))::numeric, 1)::float8`,
        averageRating: sql<number | null>`round(avg(${answerCopies.rating})::numeric, 2)::float8`,
        ratings: sql<number>`count(${answerCopies.rating})::int`,
      })
      .from(answerCopies)
      .innerJoin(user, eq(user.id, answerCopies.evaluatedBy))
      .where(eq(answerCopies.status, "evaluated"))
      .groupBy(answerCopies.evaluatedBy, user.name)
      .orderBy(asc(user.name)),
  ]);
  return {
    pending: counts?.pending ?? 0,
    overdue: counts?.overdue ?? 0,
    evaluated: counts?.evaluated ?? 0,
    averageHours: overall?.averageHours ?? null,
    p90Hours: overall?.p90Hours ?? null,
    onTime: overall?.onTime ?? 0,
    mentors: perMentor,
  };
}

export type ListCopiesForAdminInput = {
  query: { page: number; pageSize: number; status: AdminCopyFilter };
  now: Date;
};

/** Copies for admins by state: pending and overdue oldest first, evaluated newest first. */
export async function listCopiesForAdmin(db: DbOrTx, { query, now }: ListCopiesForAdminInput) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const condition =
    query.status === "evaluated"
      ? eq(answerCopies.status, "evaluated")
      : query.status === "overdue"
        ? sql`${answerCopies.status} in ('submitted','claimed') and ${answerCopies.dueAt} < ${at}`
        : sql`${answerCopies.status} in ('submitted','claimed')`;
  const mentor = sql<
    string | null
  >`(select name from ${user} m where m.id = coalesce(${answerCopies.evaluatedBy}, case when ${answerCopies.claimExpiresAt} > ${at} then ${answerCopies.claimedBy} end))`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: answerCopies.id,
        studentName: user.name,
        questionText: mainsQuestions.questionText,
        paper: mainsQuestions.paper,
        status: answerCopies.status,
        claimExpiresAt: answerCopies.claimExpiresAt,
        submittedAt: answerCopies.submittedAt,
        dueAt: answerCopies.dueAt,
        evaluatedAt: answerCopies.evaluatedAt,
        marks: answerCopies.marks,
        outOf: mainsQuestions.marks,
        rating: answerCopies.rating,
        mentorName: mentor,
      })
      .from(answerCopies)
      .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
      .innerJoin(user, eq(user.id, answerCopies.userId))
      .where(condition)
      .orderBy(
        query.status === "evaluated"
          ? desc(answerCopies.evaluatedAt)
          : asc(answerCopies.submittedAt),
        asc(answerCopies.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(answerCopies).where(condition),
  ]);
  return pageOf(
    rows.map(({ claimExpiresAt, ...r }) => ({
      ...r,
      stage:
        r.status === "claimed"
          ? claimExpiresAt && claimExpiresAt > now
            ? "in_evaluation"
            : "submitted"
          : r.status,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      dueAt: r.dueAt?.toISOString() ?? null,
      evaluatedAt: r.evaluatedAt?.toISOString() ?? null,
      marks: r.marks === null ? null : Number(r.marks),
      overdue: r.status !== "evaluated" && r.dueAt !== null && r.dueAt < now,
    })),
    total,
    query,
  );
}

export type ReassignCopyInput = {
  copyId: string;
  mentorId: string | null;
  now: Date;
};

/**
 * Gives a copy that is not yet evaluated to another mentor (a fresh claim, a clean draft), or back
 * to the queue (`mentorId` null).
 */
export async function reassignCopy(db: Db, { copyId, mentorId, now }: ReassignCopyInput) {
  if (mentorId) {
    const [mentor] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, mentorId), eq(profiles.role, "mentor")));
    if (!mentor) throw new AppError("VALIDATION_FAILED", EVALUATION_MESSAGES.notAMentor);
  }
  const settings = await getEvaluationSettings(db);
  const [copy] = await db
    .select({ status: answerCopies.status, paper: mainsQuestions.paper })
    .from(answerCopies)
    .innerJoin(mainsQuestions, eq(mainsQuestions.id, answerCopies.questionId))
    .where(eq(answerCopies.id, copyId));
  if (!copy || copy.status === "draft")
    throw new AppError("NOT_FOUND", EVALUATION_MESSAGES.copyNotFound);
  const [row] = await db
    .update(answerCopies)
    .set(
      mentorId
        ? {
            status: "claimed",
            claimedBy: mentorId,
            claimedAt: now,
            claimExpiresAt: new Date(now.getTime() + settings.claimHours * 3600_000),
            rubric: settings.rubrics[copy.paper],
            annotations: null,
            partMarks: null,
            comment: null,
            updatedAt: now,
          }
        : {
            status: "submitted",
            claimedBy: null,
            claimedAt: null,
            claimExpiresAt: null,
            annotations: null,
            partMarks: null,
            comment: null,
            updatedAt: now,
          },
    )
    .where(and(eq(answerCopies.id, copyId), sql`${answerCopies.status} in ('submitted','claimed')`))
    .returning({ id: answerCopies.id });
  if (!row) throw new AppError("CONFLICT", EVALUATION_MESSAGES.notDraft);
  return { id: row.id };
}
