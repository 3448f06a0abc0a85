import { and, eq, isNull, sql } from "drizzle-orm";
import { ANSWER_GRACE_SECONDS } from "../../../shared/exams.ts";
import { GST_STATE_MESSAGES } from "../../../shared/gst-states.ts";
import { type SiteSettingsInput, siteSettingsInputSchema } from "../../../shared/settings.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
import { examAttempts } from "../../db/schema/exams.ts";
import { AppError } from "../../lib/app-error.ts";

export type SiteSettings = typeof siteSettings.$inferSelect;

/** Returns the single settings row, creating the default one if it is missing. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID));
  if (row) return row;
  await db.insert(siteSettings).values({ id: SITE_SETTINGS_ID }).onConflictDoNothing();
  const [created] = await db
    .select()
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID));
  if (!created) throw new Error("site_settings row could not be created");
  return created;
}

/**
 * Saves the single row (creating it first if it is somehow missing). Switching maintenance mode
 * on records when it began; switching it off gives every attempt that was still open the time
 * maintenance took (students could not save or submit meanwhile), in the same transaction, so no
 * instance ever sees maintenance off with the old deadlines (decision 012).
 */
export async function updateSiteSettings(db: Db, input: SiteSettingsInput): Promise<SiteSettings> {
  const values = siteSettingsInputSchema.parse(input);
  await getSiteSettings(db);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.id, SITE_SETTINGS_ID))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", "Settings ID not found. Cannot update.");
    // Seller fields a client left out keep their stored values; GST needs a GSTIN (decision 040).
    const gstin = values.sellerGstin ?? current.sellerGstin;
    const gstRate = values.gstRate === undefined ? current.gstRate : values.gstRate;
    if (gstRate !== null && !gstin) {
      throw new AppError("VALIDATION_FAILED", "Enter the GSTIN before charging GST.");
    }
    // The seller's state and the GSTIN agree (its first two digits are the state's code), also
    // when a client sends only one of them (decision 059).
    const stateCode = values.sellerStateCode ?? current.sellerStateCode;
    if (gstin && stateCode && !gstin.startsWith(stateCode)) {
      throw new AppError("VALIDATION_FAILED", GST_STATE_MESSAGES.sellerMismatch);
    }
    const switchingOn = values.maintenanceMode && !current.maintenanceMode;
    const switchingOff = !values.maintenanceMode && current.maintenanceMode;
    if (switchingOff && current.maintenanceStartedAt) {
      await extendOpenAttempts(tx, current.maintenanceStartedAt);
    }
    const [row] = await tx
      .update(siteSettings)
      .set({
        ...values,
        gstRate: values.gstRate === undefined ? undefined : toNumeric(values.gstRate),
        updatedAt: sql`now()`,
        ...(switchingOn ? { maintenanceStartedAt: sql`now()` } : {}),
        ...(switchingOff ? { maintenanceStartedAt: null } : {}),
      })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "Settings ID not found. Cannot update.");
    return row;
  });
}

/** What saving the logo left behind: the row, and the logo it replaced (its file to delete). */
export type LogoChange = { settings: SiteSettings; previousLogoUrl: string | null };

/** Points the row at a new logo (null: none), returning the one it pointed at before. */
export async function setSiteLogo(db: Db, logoUrl: string | null): Promise<LogoChange> {
  await getSiteSettings(db);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ logoUrl: siteSettings.logoUrl })
      .from(siteSettings)
      .where(eq(siteSettings.id, SITE_SETTINGS_ID))
      .for("update");
    const [row] = await tx
      .update(siteSettings)
      .set({ logoUrl, updatedAt: sql`now()` })
      .where(eq(siteSettings.id, SITE_SETTINGS_ID))
      .returning();
    if (!current || !row) throw new AppError("NOT_FOUND", "Settings ID not found. Cannot update.");
    return { settings: row, previousLogoUrl: current.logoUrl };
  });
}

const toNumeric = (rate: number | null) => (rate === null ? null : rate.toFixed(2));

/** The stored rate as a number (percent), or null when GST is not applicable. */
export function gstRateOf(settings: Pick<SiteSettings, "gstRate">): number | null {
  return settings.gstRate === null ? null : Number(settings.gstRate);
}

/**
 * Moves the deadline of every open attempt that still had time (with the answer grace) when
 * maintenance began, by the time from then (or from its start, if later) to now.
 */
async function extendOpenAttempts(db: DbOrTx, since: Date) {
  const from = sql`greatest(${examAttempts.startedAt}, ${since.toISOString()}::timestamptz)`;
  await db
    .update(examAttempts)
    .set({ deadlineAt: sql`${examAttempts.deadlineAt} + (now() - ${from})` })
    .where(
      and(
        isNull(examAttempts.completedAt),
        sql`${examAttempts.deadlineAt} + make_interval(secs => ${ANSWER_GRACE_SECONDS}) > ${since.toISOString()}::timestamptz`,
      ),
    );
}
