import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { paginationQuerySchema } from "./pagination.ts";
import { text } from "./text.ts";

/**
 * Refer and earn (decisions 043 and 058). A code is 8 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L); typed codes are read case-insensitively.
 */
export const REFERRAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{8}$/;
export const REFER_EARN_PATH = "/student/refer-earn";
/** Razorpay refuses an order under ₹1: the reductions stop there. */
export const MIN_ORDER_PAISE = 100;

export const REFERRAL_MESSAGES = {
  unknownCode: msg("This referral code is not valid. Check the link, or register without it."),
  selfReferral: msg(
    "You cannot use your own referral link. Sign out and ask your friend to register on their own device, or register without the code.",
  ),
  codeFormat: msg("A referral code is 8 letters and digits."),
  settingsSaved: msg("Referral settings saved."),
  percentTooHigh: msg("A percentage can be at most 100."),
  expiryRange: msg("Credits must last between 1 and 3650 days."),
  valueNegative: msg("Enter an amount of 0 or more."),
  shareRange: msg("The share must be a whole percent from 0 to 100."),
  monthlyLimitRange: msg("Allow between 1 and 1000 credits a month."),
  holdDaysRange: msg("The refund window must be between 0 and 365 days."),
} as const;

/** A code as typed or carried in a link: trimmed and upper-cased, then checked. */
export const referralCodeSchema = text()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => REFERRAL_CODE_PATTERN.test(v), REFERRAL_MESSAGES.codeFormat);

export const REFERRAL_STATUSES = [
  "signed_up",
  "paid",
  "credited",
  "clawed_back",
  "expired",
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS = {
  signed_up: msg("Signed up"),
  paid: msg("Paid"),
  credited: msg("Credited"),
  clawed_back: msg("Clawed back"),
  expired: msg("Expired"),
} as const satisfies Record<ReferralStatus, string>;

export const CREDIT_STATES = ["pending", "available", "used", "expired", "clawed_back"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
export const CREDIT_STATE_LABELS = {
  pending: msg("Pending"),
  available: msg("Available"),
  used: msg("Used"),
  expired: msg("Expired"),
  clawed_back: msg("Clawed back"),
} as const satisfies Record<CreditState, string>;

/**
 * Why a paid referral earned no credit (decision 058): the programme was off, the plan was below
 * the minimum price, the referrer had reached the month's limit, the two accounts look like one
 * person (same email, phone or browser), or the credit came to nothing.
 */
export const REFERRAL_NO_CREDIT_REASONS = [
  "programme_off",
  "below_minimum",
  "monthly_limit",
  "same_person",
  "zero",
] as const;
export type ReferralNoCreditReason = (typeof REFERRAL_NO_CREDIT_REASONS)[number];
export const REFERRAL_NO_CREDIT_LABELS = {
  programme_off: msg("No credit: the programme was paused."),
  below_minimum: msg("No credit: the plan is below the minimum price."),
  monthly_limit: msg("No credit: this month's limit was reached."),
  same_person: msg("No credit: this looks like your own second account."),
  zero: msg("No credit for this payment."),
} as const satisfies Record<ReferralNoCreditReason, string>;

export const REWARD_KINDS = ["amount", "percent"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

const rupees = z
  .number()
  .finite()
  .min(0, REFERRAL_MESSAGES.valueNegative)
  .max(1_000_000)
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
  );

/**
 * The admin's referral settings. Amounts are in rupees here (paise on the server); a percentage
 * is a whole number from 0 to 100.
 */
export const referralSettingsInputSchema = z
  .strictObject({
    enabled: z.boolean(),
    creditKind: z.enum(REWARD_KINDS),
    creditValue: rupees,
    creditExpiryDays: z
      .number()
      .int()
      .min(1, REFERRAL_MESSAGES.expiryRange)
      .max(3650, REFERRAL_MESSAGES.expiryRange),
    discountKind: z.enum(REWARD_KINDS),
    discountValue: rupees,
    /** The credit is at most this share of what the friend paid (whole percent). */
    creditMaxSharePercent: z
      .number()
      .int(REFERRAL_MESSAGES.shareRange)
      .min(0, REFERRAL_MESSAGES.shareRange)
      .max(100, REFERRAL_MESSAGES.shareRange),
    /** Rupees: plans priced below this earn the referrer nothing. */
    minPlanPrice: rupees,
    monthlyCreditLimit: z
      .number()
      .int(REFERRAL_MESSAGES.monthlyLimitRange)
      .min(1, REFERRAL_MESSAGES.monthlyLimitRange)
      .max(1000, REFERRAL_MESSAGES.monthlyLimitRange),
    /** Days a credit stays pending; a refund in that window cancels it. */
    creditHoldDays: z
      .number()
      .int(REFERRAL_MESSAGES.holdDaysRange)
      .min(0, REFERRAL_MESSAGES.holdDaysRange)
      .max(365, REFERRAL_MESSAGES.holdDaysRange),
  })
  .superRefine((v, ctx) => {
    for (const [kind, value, path] of [
      [v.creditKind, v.creditValue, "creditValue"],
      [v.discountKind, v.discountValue, "discountValue"],
    ] as const) {
      if (kind === "percent" && (value > 100 || !Number.isInteger(value))) {
        ctx.addIssue({ code: "custom", message: REFERRAL_MESSAGES.percentTooHigh, path: [path] });
      }
    }
  });
export type ReferralSettingsInput = z.infer<typeof referralSettingsInputSchema>;

export const adminReferralListQuerySchema = paginationQuerySchema.extend({
  search: text().trim().max(200).optional(),
  status: z.enum(REFERRAL_STATUSES).optional(),
});
export type AdminReferralListQuery = z.infer<typeof adminReferralListQuerySchema>;

/** "p***a@e***.com": enough for the referrer to recognise a friend, no more. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  const mask = (part: string) =>
    part.length <= 1 ? `${part}***` : `${part[0]}***${part.length > 3 ? part.at(-1) : ""}`;
  return `${mask(local)}@${mask(host)}${tld}`;
}

/** "Priya S.": the first name and the initial of the last. */
export function maskName(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "";
  const [first = "", ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}

/** The first name only (the public "Invited by" lookup). */
export function firstName(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/)[0] ?? "";
}

/**
 * The reductions of one order (paise): the referral discount first, then the credit, each
 * capped so the order stays at least MIN_ORDER_PAISE (Razorpay's minimum).
 */
export function priceBreakdown(input: {
  planPricePaise: number;
  discountPaise: number;
  creditAvailablePaise: number;
}) {
  const room = Math.max(0, input.planPricePaise - MIN_ORDER_PAISE);
  const discount = Math.min(Math.max(0, Math.floor(input.discountPaise)), room);
  const credit = Math.min(Math.max(0, Math.floor(input.creditAvailablePaise)), room - discount);
  return {
    planPricePaise: input.planPricePaise,
    referralDiscountPaise: discount,
    creditAppliedPaise: credit,
    amountPaise: input.planPricePaise - discount - credit,
  };
}

/** A reward of the settings' kind: paise, or a whole percent of `basePaise` (rounded down). */
export function rewardPaise(kind: RewardKind, value: number, basePaise: number): number {
  return kind === "percent" ? Math.floor((basePaise * value) / 100) : value;
}

/**
 * The referrer's credit for a friend's payment (paise, decision 058): nothing for a plan priced
 * below the minimum, else the programme's reward capped at the share of what the friend paid.
 */
export function referrerCreditPaise(
  rules: {
    creditKind: RewardKind;
    creditValue: number;
    creditMaxSharePercent: number;
    minPlanPricePaise: number;
  },
  payment: { planPricePaise: number; paidPaise: number },
): number {
  if (payment.paidPaise <= 0 || payment.planPricePaise < rules.minPlanPricePaise) return 0;
  const reward = rewardPaise(rules.creditKind, rules.creditValue, payment.paidPaise);
  const cap = Math.floor((payment.paidPaise * rules.creditMaxSharePercent) / 100);
  return Math.max(0, Math.min(reward, cap));
}
