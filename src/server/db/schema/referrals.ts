import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { paymentTransactions } from "./subscriptions.ts";

/**
 * Refer and earn (decisions 043 and 058). One settings row (id 1), made by the code on first read
 * (insert … on conflict do nothing). Amounts are paise; a percentage is a whole percent.
 */
export const referralSettings = pgTable(
  "referral_settings",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(true),
    /** 'amount' (creditValue in paise) or 'percent' (of the amount the referred student paid). */
    creditKind: text("credit_kind").notNull().default("amount"),
    creditValue: integer("credit_value").notNull().default(10000),
    creditExpiryDays: integer("credit_expiry_days").notNull().default(180),
    /** The referred student's first-purchase discount: 'amount' (paise) or 'percent' (of price). */
    discountKind: text("discount_kind").notNull().default("amount"),
    discountValue: integer("discount_value").notNull().default(5000),
    /** The credit is at most this whole percent of what the referred student paid. */
    creditMaxSharePercent: integer("credit_max_share_percent").notNull().default(50),
    /** A plan priced below this (paise, before the discount) earns the referrer nothing. */
    minPlanPricePaise: integer("min_plan_price_paise").notNull().default(49900),
    /** Credits a referrer can earn in one calendar month (India time). */
    monthlyCreditLimit: integer("monthly_credit_limit").notNull().default(5),
    /** Days a new credit stays pending (the refund window): a refund before then cancels it. */
    creditHoldDays: integer("credit_hold_days").notNull().default(7),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("referral_settings_single_row", sql`${t.id} = 1`),
    check("referral_settings_credit_kind", sql`${t.creditKind} in ('amount', 'percent')`),
    check("referral_settings_discount_kind", sql`${t.discountKind} in ('amount', 'percent')`),
    check(
      "referral_settings_values",
      sql`${t.creditValue} >= 0 and ${t.discountValue} >= 0 and (${t.creditKind} = 'amount' or ${t.creditValue} <= 100) and (${t.discountKind} = 'amount' or ${t.discountValue} <= 100)`,
    ),
    check("referral_settings_expiry", sql`${t.creditExpiryDays} between 1 and 3650`),
    check(
      "referral_settings_limits",
      sql`${t.creditMaxSharePercent} between 0 and 100 and ${t.minPlanPricePaise} >= 0 and ${t.monthlyCreditLimit} between 1 and 1000 and ${t.creditHoldDays} between 0 and 365`,
    ),
  ],
);

/** Each student's referral code, made the first time they open Refer & Earn. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("referral_codes_code_key").on(t.code)],
);

/**
 * How far a referral went. 'expired' is not stored: it is a credited referral whose credit ran
 * out unused (read from the credit).
 */
export const referralStatusEnum = pgEnum("referral_status", [
  "signed_up",
  // Paid, but no credit was earned (the programme was off, or the credit came to nothing).
  "paid",
  "credited",
  "clawed_back",
]);

/** One row per referred account: referred once, at sign-up; the first code wins. */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    referredId: text("referred_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    status: referralStatusEnum("status").notNull().default("signed_up"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The referred student's first paid checkout. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    transactionId: uuid("transaction_id").references(() => paymentTransactions.id, {
      onDelete: "set null",
    }),
    clawedBackAt: timestamp("clawed_back_at", { withTimezone: true }),
    /** When the two accounts were first seen signed in on one browser (the device cookie). */
    sharedDeviceAt: timestamp("shared_device_at", { withTimezone: true }),
    /** Why a paid referral earned no credit (REFERRAL_NO_CREDIT_REASONS), else null. */
    noCreditReason: text("no_credit_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredId),
    index("referrals_referrer_created_idx").on(t.referrerId, t.createdAt),
    index("referrals_created_idx").on(t.createdAt),
    index("referrals_status_created_idx").on(t.status, t.createdAt),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.referredId}`),
  ],
);

/**
 * A referrer's credit for one referred account's payment: one per referral (unique), spent
 * oldest-expiry first by the referrer's own checkouts. A clawback revokes it; the part already
 * used is recorded as clawbackPaise, a negative adjustment taken from later credits.
 */
export const referralCredits = pgTable(
  "referral_credits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    sourceTransactionId: uuid("source_transaction_id").references(() => paymentTransactions.id, {
      onDelete: "set null",
    }),
    amountPaise: integer("amount_paise").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull(),
    /** Pending until then (the refund window); expiresAt counts from it. */
    spendableAt: timestamp("spendable_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** At revocation: the part already used, owed back (shown as a negative adjustment). */
    clawbackPaise: integer("clawback_paise").notNull().default(0),
  },
  (t) => [
    uniqueIndex("referral_credits_referral_key").on(t.referralId),
    index("referral_credits_user_expires_idx").on(t.userId, t.expiresAt),
    index("referral_credits_source_idx").on(t.sourceTransactionId),
    // The monthly limit counts a referrer's credits by the month they were earned in.
    index("referral_credits_user_earned_idx").on(t.userId, t.earnedAt),
    check("referral_credits_amount_positive", sql`${t.amountPaise} > 0`),
    check("referral_credits_clawback_non_negative", sql`${t.clawbackPaise} >= 0`),
  ],
);

/**
 * What a credit paid for: held by an open checkout, spent once it is paid, released when it
 * fails or is abandoned; 'settlement' pays off a clawed-back credit's used part.
 */
export const referralCreditUseStatusEnum = pgEnum("referral_credit_use_status", [
  "held",
  "spent",
  "released",
  "settlement",
]);

export const referralCreditUses = pgTable(
  "referral_credit_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creditId: uuid("credit_id")
      .notNull()
      .references(() => referralCredits.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null for a settlement. */
    transactionId: uuid("transaction_id").references(() => paymentTransactions.id, {
      onDelete: "cascade",
    }),
    amountPaise: integer("amount_paise").notNull(),
    status: referralCreditUseStatusEnum("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("referral_credit_uses_credit_idx").on(t.creditId),
    index("referral_credit_uses_transaction_idx").on(t.transactionId),
    index("referral_credit_uses_user_idx").on(t.userId, t.createdAt),
    check("referral_credit_uses_amount_positive", sql`${t.amountPaise} > 0`),
  ],
);
