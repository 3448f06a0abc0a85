import { sql } from "drizzle-orm";
import { DEFAULT_TIME_ZONE } from "../../../shared/home.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type StudyActivityKind, studyActivity } from "../../db/schema/library.ts";
import { isValidTimeZone, localDate } from "../../lib/calendar.ts";

/** The student's calendar day now, in the browser's time zone (India's when unknown). */
export function studyDay(now: Date, timeZone: string | undefined): string {
  return localDate(now, timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);
}

export type AddStudySecondsInput = {
  userId: string;
  day: string;
  kind: StudyActivityKind;
  seconds: number;
};

/**
 * Adds study time outside attempts to the student's day (decision 043): one upsert, so concurrent
 * reports add up; a day holds at most 24 hours of one kind.
 */
export async function addStudySeconds(db: DbOrTx, input: AddStudySecondsInput) {
  const seconds = Math.max(0, Math.min(86_400, Math.round(input.seconds)));
  if (seconds === 0) return;
  await db
    .insert(studyActivity)
    .values({ userId: input.userId, day: input.day, kind: input.kind, seconds })
    .onConflictDoUpdate({
      target: [studyActivity.userId, studyActivity.day, studyActivity.kind],
      set: { seconds: sql`least(86400, ${studyActivity.seconds} + excluded.seconds)` },
    });
}
