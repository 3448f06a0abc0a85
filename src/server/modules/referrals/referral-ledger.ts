import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { priceBreakdown, referrerCreditPaise, rewardPaise } from "../../../shared/referrals.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { referralCredits, referralCreditUses, referrals } from "../../db/schema/referrals.ts";
import { paymentTransactions } from "../../db/schema/subscriptions.ts";
import { noCreditReason, type Payer } from "./referral-rules.ts";
import { getReferralSettings } from "./referral-settings.service.ts";

const DAY_MS = 86_400_000;
/**
 * What a credit has given: uses held by an open checkout, spent, or settling a debt; `except`
 * leaves out one open checkout's holds (the order checkout may reuse, priced again).
 */
const usedOf = (except?: string) =>
  except
    ? sql<number>`coalesce((select sum(u.amount_paise) from referral_credit_uses u where u.credit_id = "referral_credits"."id" and u.status in ('held', 'spent', 'settlement') and u.transaction_id is distinct from ${except}), 0)::int`
    : sql<number>`coalesce((select sum(u.amount_paise) from referral_credit_uses u where u.credit_id = "referral_credits"."id" and u.status in ('held', 'spent', 'settlement')), 0)::int`;

/**
 * The user's spendable credits (past the refund window, not revoked, not expired), soonest
 * expiry first, with what is left.
 */
async function liveCredits(tx: DbOrTx, userId: string, now: Date, except?: string) {
  const rows = await tx
    .select({ id: referralCredits.id, amount: referralCredits.amountPaise, used: usedOf(except) })
    .from(referralCredits)
    .where(
      and(
        eq(referralCredits.userId, userId),
        isNull(referralCredits.revokedAt),
        lte(referralCredits.spendableAt, now),
        gt(referralCredits.expiresAt, now),
      ),
    )
    .orderBy(asc(referralCredits.expiresAt), asc(referralCredits.earnedAt));
  return rows
    .map((row) => ({ id: row.id, left: Math.max(0, row.amount - Number(row.used)) }))
    .filter((row) => row.left > 0);
}

export type AvailableCreditPaiseInput = {
  userId: string;
  now: Date;
  except?: string;
};

/** The credit a student can spend now (paise), counting `except`'s holds as free. */
export async function availableCreditPaise(
  tx: DbOrTx,
  { userId, now, except }: AvailableCreditPaiseInput,
) {
  return (await liveCredits(tx, userId, now, except)).reduce((sum, row) => sum + row.left, 0);
}

/** Takes `amount` from the live credits, soonest expiry first, as uses of the given status. */
async function take(
  tx: DbOrTx,
  userId: string,
  amount: number,
  use: { status: "held" | "settlement"; transactionId: string | null },
  now: Date,
) {
  let rest = amount;
  for (const credit of await liveCredits(tx, userId, now)) {
    if (rest <= 0) break;
    const part = Math.min(rest, credit.left);
    await tx.insert(referralCreditUses).values({
      creditId: credit.id,
      userId,
      transactionId: use.transactionId,
      amountPaise: part,
      status: use.status,
      createdAt: now,
      updatedAt: now,
    });
    rest -= part;
  }
  return amount - rest;
}

/**
 * The used part of clawed-back credits not yet paid off, taken from the user's live credits
 * (a negative adjustment is settled by later credits, never by money).
 */
async function settleDebt(tx: DbOrTx, userId: string, now: Date) {
  const [owed] = await tx
    .select({ n: sql<number>`coalesce(sum(${referralCredits.clawbackPaise}), 0)::int` })
    .from(referralCredits)
    .where(eq(referralCredits.userId, userId));
  const [paid] = await tx
    .select({ n: sql<number>`coalesce(sum(${referralCreditUses.amountPaise}), 0)::int` })
    .from(referralCreditUses)
    .where(and(eq(referralCreditUses.userId, userId), eq(referralCreditUses.status, "settlement")));
  const debt = Number(owed?.n ?? 0) - Number(paid?.n ?? 0);
  if (debt > 0) await take(tx, userId, debt, { status: "settlement", transactionId: null }, now);
}

export type SettleDebtOfInput = {
  userId: string;
  now: Date;
};

/**
 * Pays off a clawback's debt from credits that became spendable since (a new credit is pending
 * when earned), under the user's profile lock as at checkout. Reads only when nothing is owed.
 */
export async function settleDebtOf(db: Db, { userId, now }: SettleDebtOfInput) {
  if ((await outstandingDebtPaise(db, userId)) === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    await settleDebt(tx, userId, now);
  });
}

/** What the user still owes from clawed-back credits (paise, shown as a negative adjustment). */
export async function outstandingDebtPaise(tx: DbOrTx, userId: string) {
  const [owed] = await tx
    .select({ n: sql<number>`coalesce(sum(${referralCredits.clawbackPaise}), 0)::int` })
    .from(referralCredits)
    .where(eq(referralCredits.userId, userId));
  const [paid] = await tx
    .select({ n: sql<number>`coalesce(sum(${referralCreditUses.amountPaise}), 0)::int` })
    .from(referralCreditUses)
    .where(and(eq(referralCreditUses.userId, userId), eq(referralCreditUses.status, "settlement")));
  return Math.max(0, Number(owed?.n ?? 0) - Number(paid?.n ?? 0));
}

export type QuoteCheckoutInput = {
  userId: string;
  planPricePaise: number;
  now: Date;
  reusable?: string;
};

/**
 * The reductions of a checkout (decisions 043 and 058), decided on the server: a referred student's
 * first-purchase discount (while the programme is on, before any paid checkout), then the
 * student's own spendable credit, applied automatically; both capped so Razorpay's order stays
 * at least ₹1. A debt from a clawback is paid off first. `reusable` is an open checkout whose
 * held credit counts as free, to price it again (the caller holds the student's profile lock).
 */
export async function quoteCheckout(
  tx: DbOrTx,
  { userId, planPricePaise, now, reusable }: QuoteCheckoutInput,
) {
  await settleDebt(tx, userId, now);
  const settings = await getReferralSettings(tx);
  let discountPaise = 0;
  if (settings.enabled) {
    const [referral] = await tx
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.referredId, userId), eq(referrals.status, "signed_up")));
    const [paidBefore] = referral
      ? await tx
          .select({ id: paymentTransactions.id })
          .from(paymentTransactions)
          .where(
            and(
              eq(paymentTransactions.userId, userId),
              inArray(paymentTransactions.status, ["paid", "refunded"]),
            ),
          )
          .limit(1)
      : [];
    if (referral && !paidBefore) {
      discountPaise = rewardPaise(settings.discountKind, settings.discountValue, planPricePaise);
    }
  }
  return priceBreakdown({
    planPricePaise,
    discountPaise,
    creditAvailablePaise: await availableCreditPaise(tx, { userId, now, except: reusable }),
  });
}

export type HoldCreditInput = {
  userId: string;
  transactionId: string;
  amountPaise: number;
  now: Date;
};

/** Holds the credit a new checkout applied until it is paid (spent) or fails (released). */
export async function holdCredit(tx: DbOrTx, { now, ...input }: HoldCreditInput) {
  if (input.amountPaise <= 0) return;
  const held = await take(
    tx,
    input.userId,
    input.amountPaise,
    { status: "held", transactionId: input.transactionId },
    now,
  );
  // The quote and the hold ran under the same profile lock: the balance cannot have shrunk.
  if (held !== input.amountPaise) throw new Error("referral credit changed during checkout");
}

export type ReleaseCreditInput = {
  transactionIds: string[];
  now: Date;
};

/** A checkout failed or was abandoned: its held credit is released (spendable again). */
export async function releaseCredit(tx: DbOrTx, { transactionIds, now }: ReleaseCreditInput) {
  if (transactionIds.length === 0) return;
  const released = await tx
    .update(referralCreditUses)
    .set({ status: "released", updatedAt: now })
    .where(
      and(
        inArray(referralCreditUses.transactionId, transactionIds),
        eq(referralCreditUses.status, "held"),
      ),
    )
    .returning({ creditId: referralCreditUses.creditId, amount: referralCreditUses.amountPaise });
  // A hold counted in a clawback's owed part is owed no more once released.
  for (const row of released) {
    await tx
      .update(referralCredits)
      .set({ clawbackPaise: sql`greatest(0, ${referralCredits.clawbackPaise} - ${row.amount})` })
      .where(
        and(eq(referralCredits.id, row.creditId), sql`${referralCredits.revokedAt} is not null`),
      );
  }
}

export type RecordReferralPaymentInput = {
  transaction: { id: string; userId: string; amount: number; planPricePaise: number | null };
  now: Date;
  activated: boolean;
  payer?: Payer;
};

/**
 * A checkout was paid (inside the capture's transaction): its credit is spent (a payment that
 * arrives after the checkout was marked failed spends it again). On activation, the referred
 * student's first payment may earn the referrer a credit, once per referred account (the unique
 * referral_credits_referral_key), by the rules of decision 058: none for a plan below the minimum
 * price, for the referrer's own second account, or past the month's limit; at most the share of
 * what was paid; pending until the refund window has passed (a refund before then revokes it
 * unused). A price-0 plan is never a payment and earns nothing.
 */
export async function recordReferralPayment(
  tx: DbOrTx,
  { transaction, now, activated, payer }: RecordReferralPaymentInput,
) {
  await tx
    .update(referralCreditUses)
    .set({ status: "spent", updatedAt: now })
    .where(
      and(
        eq(referralCreditUses.transactionId, transaction.id),
        inArray(referralCreditUses.status, ["held", "released"]),
      ),
    );
  if (!activated || transaction.amount <= 0) return;
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, transaction.userId), eq(referrals.status, "signed_up")))
    .for("update");
  if (!referral) return;
  // The referrer's credits are counted and settled under their profile lock (as their checkout).
  await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, referral.referrerId))
    .for("update");
  const settings = await getReferralSettings(tx);
  const planPricePaise = transaction.planPricePaise ?? transaction.amount;
  let reason = await noCreditReason(tx, {
    settings,
    referral,
    planPricePaise,
    now,
    payer,
  });
  const credit = reason
    ? 0
    : referrerCreditPaise(settings, { planPricePaise, paidPaise: transaction.amount });
  if (!reason && credit <= 0) reason = "zero";
  const spendableAt = new Date(now.getTime() + settings.creditHoldDays * DAY_MS);
  const [earned] =
    credit > 0
      ? await tx
          .insert(referralCredits)
          .values({
            userId: referral.referrerId,
            referralId: referral.id,
            sourceTransactionId: transaction.id,
            amountPaise: credit,
            earnedAt: now,
            spendableAt,
            expiresAt: new Date(spendableAt.getTime() + settings.creditExpiryDays * DAY_MS),
          })
          .onConflictDoNothing()
          .returning({ id: referralCredits.id })
      : [];
  await tx
    .update(referrals)
    .set({
      status: earned ? "credited" : "paid",
      noCreditReason: earned ? null : (reason ?? "zero"),
      paidAt: now,
      transactionId: transaction.id,
      updatedAt: now,
    })
    .where(eq(referrals.id, referral.id));
  if (earned) await settleDebt(tx, referral.referrerId, now);
}

export type ClawBackReferralInput = {
  transactionIds: string[];
  now: Date;
};

/**
 * A referred payment was fully refunded, or an admin cancelled what it bought: the referrer's
 * credit from it is revoked. Its unused part simply goes; the part already used (spent, held
 * or settling a debt) is recorded as clawbackPaise, a negative adjustment paid off from the
 * referrer's other and later credits. Repeating it changes nothing.
 */
export async function clawBackReferral(tx: DbOrTx, { transactionIds, now }: ClawBackReferralInput) {
  if (transactionIds.length === 0) return 0;
  const rows = await tx
    .select()
    .from(referrals)
    .where(
      and(
        inArray(referrals.transactionId, transactionIds),
        inArray(referrals.status, ["paid", "credited"]),
      ),
    )
    .for("update");
  for (const referral of rows) {
    await tx
      .update(referrals)
      .set({ status: "clawed_back", clawedBackAt: now, updatedAt: now })
      .where(eq(referrals.id, referral.id));
    const [credit] = await tx
      .select({ id: referralCredits.id, used: usedOf() })
      .from(referralCredits)
      .where(and(eq(referralCredits.referralId, referral.id), isNull(referralCredits.revokedAt)))
      .for("update");
    if (!credit) continue;
    await tx
      .update(referralCredits)
      .set({ revokedAt: now, clawbackPaise: Number(credit.used) })
      .where(eq(referralCredits.id, credit.id));
    // Settlements this credit made for older debts are undone by the debt it now carries.
    if (Number(credit.used) > 0) await settleDebt(tx, referral.referrerId, now);
  }
  return rows.length;
}

async function transactionsOf(
  tx: DbOrTx,
  subscriptionId: string,
  statuses: ("created" | "paid" | "failed" | "refunded")[],
) {
  const rows = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.subscriptionId, subscriptionId),
        inArray(paymentTransactions.status, statuses),
      ),
    );
  return rows.map((row) => row.id);
}

/** Ids of the paid (or refunded) transactions of one subscription, for an admin's cancel. */
export const paidTransactionsOf = (tx: DbOrTx, subscriptionId: string) =>
  transactionsOf(tx, subscriptionId, ["paid", "refunded"]);

/** Ids of the still-open checkouts of one subscription. */
export const openTransactionsOf = (tx: DbOrTx, subscriptionId: string) =>
  transactionsOf(tx, subscriptionId, ["created"]);
