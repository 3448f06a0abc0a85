import { eq } from "drizzle-orm";
import type { ReferralSettingsInput, RewardKind } from "../../../shared/referrals.ts";
import type { DbOrTx } from "../../db/client.ts";
import { referralSettings } from "../../db/schema/referrals.ts";

export const REFERRAL_SETTINGS_ID = 1;

export type ReferralSettings = {
  enabled: boolean;
  creditKind: RewardKind;
  /** Paise, or a whole percent. */
  creditValue: number;
  creditExpiryDays: number;
  discountKind: RewardKind;
  discountValue: number;
  // Decision 058's limits: the credit's cap as a share of what the friend paid, the plan price
  // below which nothing is earned (paise), credits a referrer may earn a month (India's
  // calendar), and the refund window (days) during which a new credit is pending.
  creditMaxSharePercent: number;
  minPlanPricePaise: number;
  monthlyCreditLimit: number;
  creditHoldDays: number;
  updatedAt: Date;
};

const asKind = (kind: string): RewardKind => (kind === "percent" ? "percent" : "amount");

/**
 * The one settings row, made with its defaults on first read (insert … on conflict do nothing),
 * so no migration writes data.
 */
export async function getReferralSettings(db: DbOrTx): Promise<ReferralSettings> {
  let [row] = await db
    .select()
    .from(referralSettings)
    .where(eq(referralSettings.id, REFERRAL_SETTINGS_ID));
  if (!row) {
    await db.insert(referralSettings).values({ id: REFERRAL_SETTINGS_ID }).onConflictDoNothing();
    [row] = await db
      .select()
      .from(referralSettings)
      .where(eq(referralSettings.id, REFERRAL_SETTINGS_ID));
  }
  if (!row) throw new Error("referral settings row missing");
  return {
    enabled: row.enabled,
    creditKind: asKind(row.creditKind),
    creditValue: row.creditValue,
    creditExpiryDays: row.creditExpiryDays,
    discountKind: asKind(row.discountKind),
    discountValue: row.discountValue,
    creditMaxSharePercent: row.creditMaxSharePercent,
    minPlanPricePaise: row.minPlanPricePaise,
    monthlyCreditLimit: row.monthlyCreditLimit,
    creditHoldDays: row.creditHoldDays,
    updatedAt: row.updatedAt,
  };
}

/** The settings as the admin's form shows them: amounts in rupees. */
export function toSettingsDto(settings: ReferralSettings) {
  const shown = (kind: RewardKind, value: number) => (kind === "amount" ? value / 100 : value);
  return {
    enabled: settings.enabled,
    creditKind: settings.creditKind,
    creditValue: shown(settings.creditKind, settings.creditValue),
    creditExpiryDays: settings.creditExpiryDays,
    discountKind: settings.discountKind,
    discountValue: shown(settings.discountKind, settings.discountValue),
    creditMaxSharePercent: settings.creditMaxSharePercent,
    minPlanPrice: settings.minPlanPricePaise / 100,
    monthlyCreditLimit: settings.monthlyCreditLimit,
    creditHoldDays: settings.creditHoldDays,
    updatedAt: settings.updatedAt.toISOString(),
  };
}

export type SaveReferralSettingsInput = {
  input: ReferralSettingsInput;
  now: Date;
};

export async function saveReferralSettings(db: DbOrTx, { input, now }: SaveReferralSettingsInput) {
  await getReferralSettings(db);
  const stored = (kind: RewardKind, value: number) =>
    kind === "amount" ? Math.round(value * 100) : value;
  await db
    .update(referralSettings)
    .set({
      enabled: input.enabled,
      creditKind: input.creditKind,
      creditValue: stored(input.creditKind, input.creditValue),
      creditExpiryDays: input.creditExpiryDays,
      discountKind: input.discountKind,
      discountValue: stored(input.discountKind, input.discountValue),
      creditMaxSharePercent: input.creditMaxSharePercent,
      minPlanPricePaise: Math.round(input.minPlanPrice * 100),
      monthlyCreditLimit: input.monthlyCreditLimit,
      creditHoldDays: input.creditHoldDays,
      updatedAt: now,
    })
    .where(eq(referralSettings.id, REFERRAL_SETTINGS_ID));
  return toSettingsDto(await getReferralSettings(db));
}
