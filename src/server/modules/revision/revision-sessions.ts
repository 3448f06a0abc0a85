import { and, asc, desc, eq, isNull, lte, type SQL, sql } from "drizzle-orm";
import { REVISION_MESSAGES, UNTIMED_WINDOW_SECONDS } from "../../../shared/practice.ts";
import { REVISION_SESSION_SIZE, REVISION_SESSION_TITLE } from "../../../shared/revision.ts";
import type { Db, DbOrTx } from "../../db/client.ts";
import { examAttempts, questionSetItems, questionSets, questions } from "../../db/schema/exams.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { revisionCards } from "../../db/schema/revision.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { keyLockedSql } from "../answer-keys/key-gate.ts";

export type PickDueCardsInput = {
  userId: string;
  until: Date | SQL;
  now: Date;
  limit?: number;
};

/**
 * The student's cards due before `until` (not mastered), the most overdue first: a session's draw.
 * A card whose key the answer-keys gate locks (decision 060: in one of the student's open
 * attempts, say a retake of its exam) waits for a later session: the session's review shows keys.
 * A session takes the whole day's cards (those the counts call "due today"): intervals are whole
 * days, so a card rated at 10:00 is due at 10:00 the next day and may be revised that morning.
 */
export function pickDueCards(
  db: DbOrTx,
  { userId, until, now, limit = REVISION_SESSION_SIZE }: PickDueCardsInput,
) {
  return db
    .select({ questionId: revisionCards.questionId, due: revisionCards.due })
    .from(revisionCards)
    .innerJoin(questions, eq(questions.id, revisionCards.questionId))
    .where(
      and(
        eq(revisionCards.userId, userId),
        sql`not ${keyLockedSql({ userId, role: "student" }, now)}`,
        isNull(revisionCards.masteredAt),
        until instanceof Date
          ? lte(revisionCards.due, until)
          : sql`${revisionCards.due} < ${until}`,
      ),
    )
    .orderBy(asc(revisionCards.due), asc(revisionCards.questionId))
    .limit(limit);
}

/** Midnight at the start of the local day of `now` (`days` later), as a timestamptz. */
export const localMidnight = (now: Date, timeZone: string, days = 0) =>
  sql`((date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${timeZone})
        + ${days} * interval '1 day') at time zone ${timeZone})`;

export type CreateRevisionSessionInput = {
  viewer: Pick<Viewer, "userId">;
  now: Date;
  timeZone: string;
};

/**
 * "Start today's revision" (POST /api/revision/sessions): a revision session of the student's due
 * cards (due today in their time zone, not mastered; at most 20, the most overdue first) as a `question_sets` row
 * of kind 'revision' and its items, which the engine then runs like any attempt (decision 041;
 * its submit rates the cards, `revision-cards.ts#rateCards`). A session still under way (an open
 * attempt), or one drawn today and not started, is returned instead of drawing another; older
 * unstarted ones are dropped. Nothing due: 409. One student's requests run one at a time (their
 * profile row is locked), so two taps make one session.
 */
export async function createRevisionSession(
  db: Db,
  { viewer, now, timeZone }: CreateRevisionSessionInput,
): Promise<{ id: string; questionCount: number; isNew: boolean }> {
  const userId = viewer.userId;
  return db.transaction(async (tx) => {
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");

    const [open] = await tx
      .select({ id: questionSets.id, questionCount: questionSets.questionCount })
      .from(examAttempts)
      .innerJoin(questionSets, eq(questionSets.id, examAttempts.revisionId))
      .where(
        and(
          eq(examAttempts.userId, userId),
          isNull(examAttempts.completedAt),
          sql`${examAttempts.revisionId} is not null`,
          sql`${examAttempts.deadlineAt} > ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(desc(examAttempts.startedAt))
      .limit(1);
    if (open) return { ...open, isNew: false };

    const unstarted = sql`not exists (select 1 from ${examAttempts} a where a.revision_id = ${questionSets.id})`;
    const mine = and(eq(questionSets.userId, userId), eq(questionSets.kind, "revision"), unstarted);
    const [today] = await tx
      .select({ id: questionSets.id, questionCount: questionSets.questionCount })
      .from(questionSets)
      .where(and(mine, sql`${questionSets.createdAt} >= ${localMidnight(now, timeZone)}`))
      .orderBy(desc(questionSets.createdAt))
      .limit(1);
    if (today) return { ...today, isNew: false };
    // Sessions drawn on an earlier day and never started: their draw is stale.
    await tx.delete(questionSets).where(mine);

    const due = await pickDueCards(tx, { userId, until: localMidnight(now, timeZone, 1), now });
    if (due.length === 0) throw new AppError("CONFLICT", REVISION_MESSAGES.nothingDue);

    const [set] = await tx
      .insert(questionSets)
      .values({
        userId,
        kind: "revision",
        title: REVISION_SESSION_TITLE,
        timed: false,
        timeLimitSeconds: UNTIMED_WINDOW_SECONDS,
        marksPerQuestion: null,
        negativeMarkFraction: null,
        questionCount: due.length,
        createdAt: now,
      })
      .returning({ id: questionSets.id });
    if (!set) throw new AppError("CONFLICT", REVISION_MESSAGES.startConflict);
    await tx
      .insert(questionSetItems)
      .values(
        due.map((card, i) => ({ setId: set.id, questionId: card.questionId, position: i + 1 })),
      );
    return { id: set.id, questionCount: due.length, isNew: true };
  });
}
