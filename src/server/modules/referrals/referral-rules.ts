import { and, count, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import type { ReferralNoCreditReason } from "../../../shared/referrals.ts";
import type { DbOrTx } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { referralCredits } from "../../db/schema/referrals.ts";
import { indiaMonthRange } from "../../lib/calendar.ts";
import type { ReferralSettings } from "./referral-settings.service.ts";

/**
 * An email as one mailbox (decision 058): lower-cased, without a "+tag", and for Gmail without
 * dots, so "a.b+2@gmail.com" and "ab@googlemail.com" are one person.
 */
export function normalizeEmail(email: string | null | undefined): string {
  const [local = "", domain = ""] = (email ?? "").trim().toLowerCase().split("@");
  if (!local || !domain) return "";
  const bare = local.split("+")[0] ?? "";
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  return gmail ? `${bare.replaceAll(".", "")}@gmail.com` : `${bare}@${domain}`;
}

/** A phone number's last ten digits (an Indian mobile with or without +91 or a leading 0). */
export function normalizePhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 10 ? digits.slice(-10) : "";
}

/** The email and phone a payer gave Razorpay's Checkout, where Razorpay reports them. */
export type Payer = { email?: string | null; contact?: string | null };

export type IsSamePersonInput = {
  referral: { referrerId: string; referredId: string; sharedDeviceAt: Date | null };
  payer?: Payer;
};

/**
 * Whether a referred account looks like the referrer's own second account: one mailbox, one
 * mobile number (on the profiles, or the referrer's given at the friend's payment), or the two
 * seen signed in on one browser (referrals.shared_device_at).
 */
export async function isSamePerson(tx: DbOrTx, { referral, payer = {} }: IsSamePersonInput) {
  if (referral.sharedDeviceAt || referral.referrerId === referral.referredId) return true;
  const rows = await tx
    .select({ id: profiles.id, email: profiles.email, mobile: profiles.mobileNumber })
    .from(profiles)
    .where(inArray(profiles.id, [referral.referrerId, referral.referredId]));
  const referrer = rows.find((row) => row.id === referral.referrerId);
  const referred = rows.find((row) => row.id === referral.referredId);
  if (!referrer || !referred) return false;
  const email = normalizeEmail(referrer.email);
  const phone = normalizePhone(referrer.mobile);
  const emails = [referred.email, payer.email].map(normalizeEmail);
  const phones = [referred.mobile, payer.contact].map(normalizePhone);
  return (email !== "" && emails.includes(email)) || (phone !== "" && phones.includes(phone));
}

export type NoCreditReasonInput = {
  settings: ReferralSettings;
  referral: { referrerId: string; referredId: string; sharedDeviceAt: Date | null };
  planPricePaise: number;
  now: Date;
  payer?: Payer;
};

/**
 * Why this payment earns the referrer nothing, or null (the credit's amount is then decided by
 * shared/referrals.ts#referrerCreditPaise). The caller holds the referrer's profile lock, so two
 * friends paying at once cannot both take the month's last credit.
 */
export async function noCreditReason(
  tx: DbOrTx,
  { settings, referral, planPricePaise, now, payer }: NoCreditReasonInput,
): Promise<ReferralNoCreditReason | null> {
  if (!settings.enabled) return "programme_off";
  if (planPricePaise < settings.minPlanPricePaise) return "below_minimum";
  if (await isSamePerson(tx, { referral, payer })) return "same_person";
  const month = indiaMonthRange(now);
  const [earned] = await tx
    .select({ n: count() })
    .from(referralCredits)
    .where(
      and(
        eq(referralCredits.userId, referral.referrerId),
        isNull(referralCredits.revokedAt),
        gte(referralCredits.earnedAt, month.start),
        lt(referralCredits.earnedAt, month.end),
      ),
    );
  if (Number(earned?.n ?? 0) >= settings.monthlyCreditLimit) return "monthly_limit";
  return null;
}
