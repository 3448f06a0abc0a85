import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { SITE_SETTINGS_ID, siteSettings } from "../../db/schema/content.ts";

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
