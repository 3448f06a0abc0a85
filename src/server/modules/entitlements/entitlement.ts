import { and, count, eq, gt, gte, isNotNull, isNull, lte, min, or } from "drizzle-orm";
import type { ContentKind } from "../../../shared/attempt-kinds.ts";
import { type EntitlementReason, PLANS_PATH } from "../../../shared/subscriptions.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts, exams } from "../../db/schema/exams.ts";
import { quizAttempts, quizzes } from "../../db/schema/quizzes.ts";
import { userSubscriptions } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import {
  type ActiveTerms,
  decideAccess,
  decideStudyAccess,
  type GatedContent,
  type PremiumUsage,
  usagePeriodStart,
} from "./access-rule.ts";

export type { GatedContent } from "./access-rule.ts";
export { PREMIUM_REQUIRED_MESSAGE } from "./access-rule.ts";
export { PLANS_PATH };

type ActiveSubscription = ActiveTerms & {
  id: string;
  /** Practice tests per calendar month (decision 041); null: unlimited. */
  practiceLimit: number | null;
  /** Mains answers evaluated per plan period (decision 042); null: unlimited. */
  evaluationLimit: number | null;
  planId: string | null;
  durationDays: number;
  since: Date;
};

export type FindActiveSubscriptionInput = {
  userId: string;
  now: Date;
  /** Lock the row (`for update`) in the caller's transaction. */
  lock?: boolean;
};

/**
 * The student's subscription that is active now: status active and not past its end date (null
 * end: lifetime). A row still marked active after its end date counts as expired everywhere.
 * `lock` holds the row until the caller's transaction ends, so two starts by the same student
 * are counted one after the other.
 */
export async function findActiveSubscription(
  db: DbOrTx,
  { userId, now, lock = false }: FindActiveSubscriptionInput,
): Promise<ActiveSubscription | null> {
  const query = db
    .select({
      id: userSubscriptions.id,
      planId: userSubscriptions.planId,
      planName: userSubscriptions.planName,
      durationDays: userSubscriptions.durationDays,
      examLimit: userSubscriptions.examLimit,
      attemptLimitPerExam: userSubscriptions.attemptLimitPerExam,
      practiceLimit: userSubscriptions.practiceLimit,
      evaluationLimit: userSubscriptions.evaluationLimit,
      startDate: userSubscriptions.startDate,
      createdAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.status, "active"),
        or(isNull(userSubscriptions.startDate), lte(userSubscriptions.startDate, now)),
        or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    durationDays: row.durationDays,
    examLimit: row.examLimit,
    attemptLimitPerExam: row.attemptLimitPerExam,
    practiceLimit: row.practiceLimit,
    evaluationLimit: row.evaluationLimit,
    since: row.startDate ?? row.createdAt,
  };
}

type UsageRows = { id: string | null; n: number }[];

/** Each kind counts its own premium starts (decision 033: a new kind must say how). */
const USAGE_BY_KIND: Record<
  ContentKind,
  (db: DbOrTx, userId: string, since: Date) => Promise<UsageRows>
> = {
  exam: (db, userId, since) =>
    db
      .select({ id: examAttempts.examId, n: count() })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(
        and(
          eq(examAttempts.userId, userId),
          eq(exams.isFree, false),
          gte(examAttempts.startedAt, since),
        ),
      )
      .groupBy(examAttempts.examId),
  quiz: (db, userId, since) =>
    db
      .select({ id: quizAttempts.quizId, n: count() })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(
        and(
          eq(quizAttempts.userId, userId),
          eq(quizzes.isFree, false),
          gte(quizAttempts.attemptedOn, since),
        ),
      )
      .groupBy(quizAttempts.quizId),
};

export type FindUsagePeriodStartInput = {
  userId: string;
  subscription: Pick<ActiveSubscription, "planId" | "durationDays" | "since">;
  now: Date;
};

/**
 * Where the limits of the student's active subscription start counting (decision 028): the
 * current period of its plan, whose periods run from the student's first start of that plan,
 * whichever activation (a renewal, the same plan bought again) the student holds now. A
 * subscription whose plan was deleted counts from its own start.
 */
export async function findUsagePeriodStart(
  db: DbOrTx,
  { userId, subscription, now }: FindUsagePeriodStartInput,
): Promise<Date> {
  let first = subscription.since;
  if (subscription.planId) {
    const [row] = await db
      .select({ first: min(userSubscriptions.startDate) })
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.userId, userId),
          eq(userSubscriptions.planId, subscription.planId),
          isNotNull(userSubscriptions.startDate),
        ),
      );
    if (row?.first && row.first < first) first = row.first;
  }
  return usagePeriodStart(first, subscription.durationDays, now);
}

export type LoadPremiumUsageInput = {
  userId: string;
  kind: GatedContent["kind"];
  since: Date;
};

/**
 * Premium items of one kind the student started since `since`, with their attempt counts.
 * Exams count exam_attempts; quizzes count quiz_attempts (every started attempt, finished or
 * not), each against its own kind.
 */
export async function loadPremiumUsage(
  db: DbOrTx,
  { userId, kind, since }: LoadPremiumUsageInput,
): Promise<PremiumUsage> {
  const rows = await USAGE_BY_KIND[kind](db, userId, since);
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, r.n] as const] : [])));
}

export type AssertCanStartInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  content: GatedContent;
  now?: Date;
};

/**
 * The one entitlement check, used by every start (exam attempts and quiz attempts). Call it
 * inside the transaction that inserts the attempt: it locks the subscription row, so concurrent
 * starts cannot both take the last place. Throws 403 with the reason and a link to the plans.
 */
export async function assertCanStart(
  db: DbOrTx,
  { viewer, content, now = new Date() }: AssertCanStartInput,
): Promise<void> {
  if (content.isFree || viewer.role === "admin") return;
  const subscription = await findActiveSubscription(db, {
    userId: viewer.userId,
    now,
    lock: true,
  });
  const usage = subscription
    ? await loadPremiumUsage(db, {
        userId: viewer.userId,
        kind: content.kind,
        since: await findUsagePeriodStart(db, { userId: viewer.userId, subscription, now }),
      })
    : new Map<string, number>();
  const access = decideAccess({ content, role: viewer.role, terms: subscription, usage });
  if (!access.allowed) {
    throw new AppError("FORBIDDEN", access.text ?? access.message, {
      reason: access.reason,
      plansUrl: PLANS_PATH,
    });
  }
}

export type AccessView = {
  locked: boolean;
  reason: EntitlementReason | null;
  /** Attempts the plan still allows at this item; null when no limit applies. */
  attemptsLeft: number | null;
};

export type DescribeAccessInput = {
  viewer: Pick<Viewer, "userId" | "role">;
  kind: GatedContent["kind"];
  items: readonly { id: string; isFree: boolean }[];
  now?: Date;
};

/** The same rule for a list of cards: which are locked, and the attempts left at each. */
export async function describeAccess(
  db: Db,
  { viewer, kind, items, now = new Date() }: DescribeAccessInput,
): Promise<Map<string, AccessView>> {
  const result = new Map<string, AccessView>();
  const needsSubscription = viewer.role !== "admin" && items.some((i) => !i.isFree);
  const subscription = needsSubscription
    ? await findActiveSubscription(db, { userId: viewer.userId, now })
    : null;
  const usage = subscription
    ? await loadPremiumUsage(db, {
        userId: viewer.userId,
        kind,
        since: await findUsagePeriodStart(db, { userId: viewer.userId, subscription, now }),
      })
    : new Map<string, number>();
  for (const item of items) {
    const access = decideAccess({
      content: { kind, id: item.id, isFree: item.isFree },
      role: viewer.role,
      terms: subscription,
      usage,
    });
    result.set(
      item.id,
      access.allowed
        ? { locked: false, reason: null, attemptsLeft: access.attemptsLeft }
        : { locked: true, reason: access.reason, attemptsLeft: null },
    );
  }
  return result;
}

export type LoadStudyAccessInput = {
  viewer: Pick<Viewer, "userId" | "role"> | null;
  now?: Date;
};

/**
 * Whether the viewer may open premium study material now (notes, videos, live classes,
 * courses; decision 043): one read of the active subscription, or none when nothing is premium or
 * the viewer is an admin. `viewer` null: a visitor. Use it for lists (`locked` per item) and for
 * the routes that serve a file or a link (`assertCanOpenStudyItem`).
 */
export async function loadStudyAccess(
  db: DbOrTx,
  { viewer, now = new Date() }: LoadStudyAccessInput,
): Promise<(item: { isFree: boolean }) => boolean> {
  const subscription =
    viewer && viewer.role !== "admin"
      ? await findActiveSubscription(db, { userId: viewer.userId, now })
      : null;
  return (item) =>
    decideStudyAccess({ isFree: item.isFree, role: viewer?.role ?? null, terms: subscription })
      .allowed;
}

export type AssertCanOpenStudyItemInput = {
  viewer: Pick<Viewer, "userId" | "role"> | null;
  item: { isFree: boolean };
  now?: Date;
};

/** Throws the premium 403 (with the plans link) when the viewer may not open this item. */
export async function assertCanOpenStudyItem(
  db: DbOrTx,
  { viewer, item, now = new Date() }: AssertCanOpenStudyItemInput,
): Promise<void> {
  if (item.isFree || viewer?.role === "admin") return;
  const subscription = viewer
    ? await findActiveSubscription(db, { userId: viewer.userId, now })
    : null;
  const access = decideStudyAccess({
    isFree: item.isFree,
    role: viewer?.role ?? null,
    terms: subscription,
  });
  if (!access.allowed) {
    throw new AppError("FORBIDDEN", access.text ?? access.message, {
      reason: access.reason,
      plansUrl: PLANS_PATH,
    });
  }
}
