import { eq } from "drizzle-orm";
import type { UiLanguage } from "../../../shared/i18n/languages.ts";
import type { Language } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";

export type Profile = typeof profiles.$inferSelect;

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

export type UpdateQuestionLanguageInput = {
  userId: string;
  language: Language;
};

/** The language questions are shown in, remembered for the student on every device. */
export async function updateQuestionLanguage(
  db: Db,
  { userId, language }: UpdateQuestionLanguageInput,
) {
  await db
    .update(profiles)
    .set({ questionLanguage: language, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { questionLanguage: language };
}

export type UpdateUiLanguageInput = {
  userId: string;
  language: UiLanguage;
};

/**
 * The interface language, remembered for the user on every device (decision 039). Questions
 * follow it: where a translation exists they are shown in the same language.
 */
export async function updateUiLanguage(db: Db, { userId, language }: UpdateUiLanguageInput) {
  await db
    .update(profiles)
    .set({ uiLanguage: language, questionLanguage: language, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { uiLanguage: language, questionLanguage: language };
}
