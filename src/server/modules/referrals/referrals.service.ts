import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { pageOf } from "../../../shared/page.ts";
import {
  type AdminReferralListQuery,
  type CreditState,
  firstName,
  maskEmail,
  maskName,
  REFERRAL_NO_CREDIT_REASONS,
  type ReferralNoCreditReason,
  type ReferralStatus,
} from "../../../shared/referrals.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { referralCredits, referrals } from "../../db/schema/referrals.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/search.ts";
import { availableCreditPaise, outstandingDebtPaise, settleDebtOf } from "./referral-ledger.ts";
import { getReferralSettings, toSettingsDto } from "./referral-settings.service.ts";
import { ensureReferralCode, findCodeOwner } from "./referral-signup.ts";

const usedPaise = sql<number>`coalesce((select sum(u.amount_paise) from referral_credit_uses u where u.credit_id = "referral_credits"."id" and u.status in ('held', 'spent', 'settlement')), 0)::int`;

type CreditFacts = {
  amountPaise: number;
  used: number;
  spendableAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
} | null;

function creditState(credit: NonNullable<CreditFacts>, now: Date): CreditState {
  if (credit.revokedAt) return "clawed_back";
  // Pending through the refund window (decision 058).
  if (credit.spendableAt > now) return "pending";
  if (credit.used >= credit.amountPaise) return "used";
  if (credit.expiresAt <= now) return "expired";
  return "available";
}

/** A referral's status as shown: a credited referral whose credit ran out unused is expired. */
function shownStatus(
  stored: "signed_up" | "paid" | "credited" | "clawed_back",
  credit: CreditFacts,
  now: Date,
): ReferralStatus {
  if (stored === "credited" && credit && creditState(credit, now) === "expired") return "expired";
  return stored;
}

const rupees = (paise: number) => paise / 100;

const asNoCreditReason = (reason: string | null): ReferralNoCreditReason | null =>
  REFERRAL_NO_CREDIT_REASONS.find((known) => known === reason) ?? null;

export type GetMyReferralsInput = {
  userId: string;
  publicUrl: string;
  now?: Date;
};

/**
 * The student's Refer & Earn page: their code and link (the code is made on first visit), the
 * programme's terms, their referrals (the referred account's name and email masked) and credits.
 */
export async function getMyReferrals(
  db: Db,
  { userId, publicUrl, now = new Date() }: GetMyReferralsInput,
) {
  const [code, settings] = await Promise.all([
    ensureReferralCode(db, userId),
    getReferralSettings(db),
  ]);
  const referred = alias(profiles, "referred");
  const rows = await db
    .select({
      id: referrals.id,
      status: referrals.status,
      createdAt: referrals.createdAt,
      paidAt: referrals.paidAt,
      noCreditReason: referrals.noCreditReason,
      name: referred.fullName,
      email: referred.email,
      credit: {
        id: referralCredits.id,
        amountPaise: referralCredits.amountPaise,
        spendableAt: referralCredits.spendableAt,
        expiresAt: referralCredits.expiresAt,
        revokedAt: referralCredits.revokedAt,
        earnedAt: referralCredits.earnedAt,
        clawbackPaise: referralCredits.clawbackPaise,
        used: usedPaise,
      },
    })
    .from(referrals)
    .innerJoin(referred, eq(referred.id, referrals.referredId))
    .leftJoin(referralCredits, eq(referralCredits.referralId, referrals.id))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt))
    .limit(500);
  // A debt from a clawback is paid off by credits that became spendable since.
  await settleDebtOf(db, { userId, now });
  const [balance, debt] = await Promise.all([
    availableCreditPaise(db, { userId, now }),
    outstandingDebtPaise(db, userId),
  ]);
  const credits = rows.flatMap((row) => {
    const c = row.credit;
    if (!c?.id || c.amountPaise === null || !c.expiresAt || !c.earnedAt || !c.spendableAt) {
      return [];
    }
    const facts = {
      amountPaise: c.amountPaise,
      used: Math.min(Number(c.used), c.amountPaise),
      spendableAt: c.spendableAt,
      expiresAt: c.expiresAt,
      revokedAt: c.revokedAt,
    };
    return [
      {
        id: c.id,
        referralId: row.id,
        amount: rupees(c.amountPaise),
        used: rupees(facts.used),
        left: rupees(facts.revokedAt || facts.expiresAt <= now ? 0 : c.amountPaise - facts.used),
        clawback: rupees(c.clawbackPaise ?? 0),
        earnedAt: c.earnedAt.toISOString(),
        spendableAt: c.spendableAt.toISOString(),
        expiresAt: c.expiresAt.toISOString(),
        revokedAt: c.revokedAt?.toISOString() ?? null,
        state: creditState(facts, now),
      },
    ];
  });
  const pending = credits
    .filter((credit) => credit.state === "pending")
    .reduce((sum, credit) => sum + credit.amount, 0);
  return {
    code,
    link: `${publicUrl.replace(/\/+$/, "")}/register?ref=${code}`,
    programme: toSettingsDto(settings),
    balance: rupees(balance),
    pending,
    owed: rupees(debt),
    referrals: rows.map((row) => ({
      id: row.id,
      name: maskName(row.name),
      email: maskEmail(row.email ?? ""),
      signedUpAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      noCreditReason: asNoCreditReason(row.noCreditReason),
      status: shownStatus(
        row.status,
        row.credit?.id &&
          row.credit.amountPaise !== null &&
          row.credit.expiresAt &&
          row.credit.spendableAt
          ? {
              amountPaise: row.credit.amountPaise,
              used: Number(row.credit.used),
              spendableAt: row.credit.spendableAt,
              expiresAt: row.credit.expiresAt,
              revokedAt: row.credit.revokedAt,
            }
          : null,
        now,
      ),
    })),
    credits,
  };
}

/** The public "Invited by" lookup of a register link: the referrer's first name, no more. */
export async function lookupReferralCode(db: Db, code: string) {
  const ownerId = await findCodeOwner(db, code);
  const [owner] = ownerId
    ? await db
        .select({ fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, ownerId))
    : [];
  if (!owner) throw new AppError("NOT_FOUND", "This referral code is not valid.");
  const settings = await getReferralSettings(db);
  return { firstName: firstName(owner.fullName), active: settings.enabled };
}

export type ListReferralsForAdminInput = {
  query: AdminReferralListQuery;
  now?: Date;
};

/** Every referral for the admin, newest first: filtered by status, searched by either email. */
export async function listReferralsForAdmin(
  db: Db,
  { query, now = new Date() }: ListReferralsForAdminInput,
) {
  const referrer = alias(profiles, "referrer");
  const referred = alias(profiles, "referred");
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(referrer.email, pattern), ilike(referred.email, pattern)));
  }
  const live = and(isNull(referralCredits.revokedAt), gt(referralCredits.expiresAt, now));
  const expired = and(
    eq(referrals.status, "credited"),
    isNull(referralCredits.revokedAt),
    lte(referralCredits.expiresAt, now),
    sql`${usedPaise} < ${referralCredits.amountPaise}`,
  );
  if (query.status === "expired") filters.push(expired);
  else if (query.status === "credited") {
    filters.push(
      eq(referrals.status, "credited"),
      or(live, sql`${usedPaise} >= ${referralCredits.amountPaise}`),
    );
  } else if (query.status) filters.push(eq(referrals.status, query.status));
  const where = and(...filters);
  const base = () =>
    db
      .select({
        id: referrals.id,
        status: referrals.status,
        code: referrals.code,
        createdAt: referrals.createdAt,
        paidAt: referrals.paidAt,
        clawedBackAt: referrals.clawedBackAt,
        noCreditReason: referrals.noCreditReason,
        sharedDeviceAt: referrals.sharedDeviceAt,
        referrer: { id: referrer.id, name: referrer.fullName, email: referrer.email },
        referred: { id: referred.id, name: referred.fullName, email: referred.email },
        credit: {
          id: referralCredits.id,
          amountPaise: referralCredits.amountPaise,
          earnedAt: referralCredits.earnedAt,
          spendableAt: referralCredits.spendableAt,
          expiresAt: referralCredits.expiresAt,
          revokedAt: referralCredits.revokedAt,
          clawbackPaise: referralCredits.clawbackPaise,
          used: usedPaise,
        },
      })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .leftJoin(referralCredits, eq(referralCredits.referralId, referrals.id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .leftJoin(referralCredits, eq(referralCredits.referralId, referrals.id))
      .where(where),
  ]);
  const items = rows.map((row) => {
    const c = row.credit;
    const facts =
      c?.id && c.amountPaise !== null && c.expiresAt && c.spendableAt
        ? {
            amountPaise: c.amountPaise,
            used: Math.min(Number(c.used), c.amountPaise),
            spendableAt: c.spendableAt,
            expiresAt: c.expiresAt,
            revokedAt: c.revokedAt,
          }
        : null;
    return {
      id: row.id,
      code: row.code,
      status: shownStatus(row.status, facts, now),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
      clawedBackAt: row.clawedBackAt?.toISOString() ?? null,
      noCreditReason: asNoCreditReason(row.noCreditReason),
      sharedDevice: row.sharedDeviceAt !== null,
      referrer: row.referrer,
      referred: row.referred,
      credit:
        facts && c?.id && c.earnedAt
          ? {
              id: c.id,
              amount: rupees(facts.amountPaise),
              used: rupees(facts.used),
              clawback: rupees(c.clawbackPaise ?? 0),
              earnedAt: c.earnedAt.toISOString(),
              spendableAt: facts.spendableAt.toISOString(),
              expiresAt: facts.expiresAt.toISOString(),
              state: creditState(facts, now),
            }
          : null,
    };
  });
  return pageOf(items, total, query);
}
