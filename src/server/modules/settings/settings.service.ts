import { eq, sql } from "drizzle-orm";
import { type SiteSettingsInput, siteSettingsInputSchema } from "../../../shared/settings.ts";
import type { Db } from "../../db/client.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";
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

/** Saves the single row (creating it first if it is somehow missing). */
export async function updateSiteSettings(db: Db, input: SiteSettingsInput): Promise<SiteSettings> {
  const values = siteSettingsInputSchema.parse(input);
  await getSiteSettings(db);
  const [row] = await db
    .update(siteSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Settings ID not found. Cannot update.");
  return row;
}
