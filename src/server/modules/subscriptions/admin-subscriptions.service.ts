import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, or, sql, sum } from "drizzle-orm";
import { pageOf } from "../../../shared/page.ts";
import type { SearchPageQuery } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  creditNotes,
  invoices,
  paymentTransactions,
  subscriptionPlans,
  userSubscriptions,
} from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import {
  clawBackReferral,
  openTransactionsOf,
  paidTransactionsOf,
  releaseCredit,
} from "../referrals/referral-ledger.ts";
import { effectiveStatus } from "./subscription-view.ts";

const listColumns = {
  id: userSubscriptions.id,
  status: effectiveStatus,
  startDate: userSubscriptions.startDate,
  endDate: userSubscriptions.endDate,
  createdAt: userSubscriptions.createdAt,
  planName: userSubscriptions.planName,
  gatewayOrderId: userSubscriptions.gatewayOrderId,
  gatewayPaymentId: userSubscriptions.gatewayPaymentId,
  plan: {
    id: subscriptionPlans.id,
    name: subscriptionPlans.name,
    price: subscriptionPlans.price,
    currency: subscriptionPlans.currency,
  },
  profile: { id: profiles.id, fullName: profiles.fullName, email: profiles.email },
};

const selectList = (db: Db) =>
  db
    .select(listColumns)
    .from(userSubscriptions)
    .innerJoin(profiles, eq(profiles.id, userSubscriptions.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId));
type ListRow = Awaited<ReturnType<ReturnType<typeof selectList>["execute"]>>[number];

function toAdminDto(r: ListRow) {
  return {
    ...r,
    startDate: r.startDate?.toISOString() ?? null,
    endDate: r.endDate?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    plan: r.plan
      ? { id: r.plan.id, name: r.plan.name, price: Number(r.plan.price), currency: r.plan.currency }
      : null,
  };
}

/** Every subscription, newest first, searchable by the student's name or email (ILIKE). */
export async function listUserSubscriptions(db: Db, filter: SearchPageQuery) {
  const pattern = filter.search ? containsPattern(filter.search) : null;
  const where = pattern
    ? or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))
    : undefined;
  const [rows, [total]] = await Promise.all([
    selectList(db)
      .where(where)
      .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(userSubscriptions)
      .innerJoin(profiles, eq(profiles.id, userSubscriptions.userId))
      .where(where),
  ]);
  return pageOf(rows.map(toAdminDto), total, filter);
}

/** One subscription with what was paid for it (amount, order and payment ids). */
export async function getUserSubscription(db: Db, id: string) {
  const [row] = await selectList(db).where(eq(userSubscriptions.id, id));
  if (!row) throw new AppError("NOT_FOUND", "Subscription not found.");
  const payments = await db
    .select({
      id: paymentTransactions.id,
      amount: paymentTransactions.amount,
      currency: paymentTransactions.currency,
      status: paymentTransactions.status,
      gatewayOrderId: paymentTransactions.gatewayOrderId,
      gatewayPaymentId: paymentTransactions.gatewayPaymentId,
      paidAt: paymentTransactions.paidAt,
      createdAt: paymentTransactions.createdAt,
      invoiceNumber: invoices.number,
    })
    .from(paymentTransactions)
    .leftJoin(invoices, eq(invoices.transactionId, paymentTransactions.id))
    .where(eq(paymentTransactions.subscriptionId, id))
    .orderBy(desc(paymentTransactions.createdAt));
  // Each payment's credit notes (its refunds, decision 059), for the admin's PDF downloads.
  const notes = payments.length
    ? await db
        .select({
          id: creditNotes.id,
          number: creditNotes.number,
          transactionId: creditNotes.transactionId,
        })
        .from(creditNotes)
        .where(
          inArray(
            creditNotes.transactionId,
            payments.map((p) => p.id),
          ),
        )
        .orderBy(creditNotes.sequence)
    : [];
  return {
    ...toAdminDto(row),
    payments: payments.map((p) => ({
      ...p,
      amount: p.amount / 100,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
      creditNotes: notes
        .filter((note) => note.transactionId === p.id)
        .map((note) => ({ id: note.id, number: note.number })),
    })),
  };
}

export type CancelUserSubscriptionInput = {
  id: string;
  now?: Date;
};

/**
 * An admin ends an active (or pending) subscription now. The cancellation sticks: the student
 * cannot activate that plan again (`plan-eligibility.ts`, decision 028).
 */
export async function cancelUserSubscription(
  db: Db,
  { id, now = new Date() }: CancelUserSubscriptionInput,
) {
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(userSubscriptions)
      // An active one ends now, so the student's banner and the admin's list show when it ended.
      .set({
        status: "cancelled",
        cancelledByAdminAt: now,
        endDate: sql`case when ${userSubscriptions.status} = 'active' then ${now.toISOString()}::timestamptz else ${userSubscriptions.endDate} end`,
        updatedAt: now,
      })
      .where(
        and(
          eq(userSubscriptions.id, id),
          inArray(userSubscriptions.status, ["active", "pending"]),
          or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
        ),
      )
      .returning({ id: userSubscriptions.id });
    // A cancelled purchase claws back the referral credit its payment earned (decision 058).
    // An unpaid checkout's held credit is released (a payment arriving later still spends it).
    if (cancelled) {
      await clawBackReferral(tx, { transactionIds: await paidTransactionsOf(tx, id), now });
      await releaseCredit(tx, { transactionIds: await openTransactionsOf(tx, id), now });
    }
    return cancelled;
  });
  if (row) return getUserSubscription(db, id);
  const [exists] = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, id));
  if (!exists) throw new AppError("NOT_FOUND", "Subscription not found.");
  throw new AppError("CONFLICT", "Only an active or pending subscription can be cancelled.");
}

/**
 * Admin overview: students with an active subscription now, and this calendar month's revenue
 * (paid transactions, month boundaries in India Standard Time), per currency.
 */
export async function getSubscriptionFigures(db: Db, now = new Date()) {
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`;
  const [[active], revenue] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${userSubscriptions.userId})::int` })
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.status, "active"),
          or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
        ),
      ),
    db
      .select({ currency: paymentTransactions.currency, amount: sum(paymentTransactions.amount) })
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.status, "paid"), gte(paymentTransactions.paidAt, monthStart)),
      )
      .groupBy(paymentTransactions.currency),
  ]);
  return {
    activeSubscribers: active?.n ?? 0,
    revenueThisMonth: revenue.map((r) => ({
      currency: r.currency,
      amount: Number(r.amount) / 100,
    })),
  };
}
