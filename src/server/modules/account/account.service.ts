import { eq } from "drizzle-orm";
import type { Language } from "../../../shared/quiz-constants.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";

export type Profile = typeof profiles.$inferSelect;

export async function getProfile(db: Db, userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

/** The language questions are shown in, remembered for the student on every device. */
export async function updateQuestionLanguage(db: Db, userId: string, language: Language) {
  await db
    .update(profiles)
    .set({ questionLanguage: language, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  return { questionLanguage: language };
}
