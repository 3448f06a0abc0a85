import { eq } from "drizzle-orm";
import {
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  LANGUAGE_COOKIE,
  type UiLanguage,
} from "../../shared/i18n/languages.ts";
import type { DbOrTx } from "../db/client.ts";
import { profiles } from "../db/schema/profiles.ts";

/**
 * The language a text the server writes for one reader is in (decision 039): the interface
 * language the signed-in user chose (profiles.ui_language); before they have chosen, or for a
 * visitor, the language of the page that asked (the `lang` cookie the client keeps); else
 * English, the spec's words. Emails and the live classes' calendar files read it.
 */
export async function readerLanguage(
  db: DbOrTx,
  userId: string | null,
  cookieHeader: string | null | undefined,
): Promise<UiLanguage> {
  if (userId) {
    const [row] = await db
      .select({ uiLanguage: profiles.uiLanguage })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (isUiLanguage(row?.uiLanguage)) return row.uiLanguage;
  }
  const cookie = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isUiLanguage(cookie) ? cookie : DEFAULT_UI_LANGUAGE;
}
