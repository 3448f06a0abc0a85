import { and, asc, eq, sql } from "drizzle-orm";
import { CALIBRATION_MESSAGES } from "../../../shared/mains-calibration-schemas.ts";
import { MAINS_TEST_MESSAGES } from "../../../shared/mains-test-messages.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { user } from "../../db/schema/auth.ts";
import { mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsModeration, mainsTests } from "../../db/schema/mains-tests.ts";
import { AppError } from "../../lib/app-error.ts";

/**
 * Moderation (decision 063): an admin's correction of one mentor's marks in one test, in marks
 * added to each of that mentor's marks (−2.5 lowers each by 2.5), applied when results are
 * computed. Only while the test's results are unpublished, and only for a mentor who marked in
 * the test. The test's row is held `for share` while the correction is written, so a publication
 * (which updates that row) either sees the correction or came first and refuses it.
 */
async function lockOpenTest(tx: Tx, testId: string) {
  const [test] = await tx
    .select({ id: mainsTests.id, resultsPublishedAt: mainsTests.resultsPublishedAt })
    .from(mainsTests)
    .where(eq(mainsTests.id, testId))
    .for("share");
  if (!test) throw new AppError("NOT_FOUND", MAINS_TEST_MESSAGES.notFound);
  if (test.resultsPublishedAt)
    throw new AppError("CONFLICT", CALIBRATION_MESSAGES.resultsPublished);
}

export type SetModerationInput = {
  testId: string;
  mentorId: string;
  /** Marks, −50…50 in half marks (the shared schema checks). */
  correction: number;
  setBy: string;
  now: Date;
};

/** Sets (or replaces) a mentor's correction for a test. */
export async function setModeration(db: Db, input: SetModerationInput) {
  const { testId, mentorId, correction, setBy, now } = input;
  return db.transaction(async (tx) => {
    await lockOpenTest(tx, testId);
    const [marked] = await tx
      .select({ one: sql<number>`1` })
      .from(mainsMarks)
      .where(
        and(
          eq(mainsMarks.mentorId, mentorId),
          eq(mainsMarks.status, "marked"),
          eq(mainsMarks.testId, testId),
        ),
      )
      .limit(1);
    if (!marked) throw new AppError("VALIDATION_FAILED", CALIBRATION_MESSAGES.notAMarker);
    const value = correction.toFixed(2);
    await tx
      .insert(mainsModeration)
      .values({ testId, mentorId, correction: value, setBy, updatedAt: now })
      .onConflictDoUpdate({
        target: [mainsModeration.testId, mainsModeration.mentorId],
        set: { correction: value, setBy, updatedAt: now },
      });
    return { testId, mentorId, correction };
  });
}

export type ClearModerationInput = { testId: string; mentorId: string };

/** Removes a mentor's correction for a test; 404 when there is none. */
export async function clearModeration(db: Db, { testId, mentorId }: ClearModerationInput) {
  return db.transaction(async (tx) => {
    await lockOpenTest(tx, testId);
    const removed = await tx
      .delete(mainsModeration)
      .where(and(eq(mainsModeration.testId, testId), eq(mainsModeration.mentorId, mentorId)))
      .returning({ mentorId: mainsModeration.mentorId });
    if (removed.length === 0) throw new AppError("NOT_FOUND", CALIBRATION_MESSAGES.noModeration);
    return { testId, mentorId, cleared: true };
  });
}

/** A test's corrections, by mentor name, with who set each and when. */
export async function listModeration(db: DbOrTx, testId: string) {
  const setter = sql<
    string | null
  >`(select name from ${user} s where s.id = ${mainsModeration.setBy})`;
  const rows = await db
    .select({
      mentorId: mainsModeration.mentorId,
      name: user.name,
      correction: mainsModeration.correction,
      setByName: setter,
      updatedAt: mainsModeration.updatedAt,
    })
    .from(mainsModeration)
    .innerJoin(user, eq(user.id, mainsModeration.mentorId))
    .where(eq(mainsModeration.testId, testId))
    .orderBy(asc(user.name), asc(mainsModeration.mentorId));
  return rows.map((r) => ({
    ...r,
    correction: Number(r.correction),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
