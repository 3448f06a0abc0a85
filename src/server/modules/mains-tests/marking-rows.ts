import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBookletAnswers, mainsBooklets, mainsMarks } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";

export type CreateMarkingRowsInput = {
  bookletId: string;
  /** Draws in [0, 1): which answers are double-marked. A test passes its own to fix the sample. */
  random?: () => number;
};

/**
 * The marking work of a booklet just submitted (decision 063), in the submission's transaction:
 * a `first` row for every answered question (a start page or typed text), and a blind `second`
 * row for a random share of them (the test's `double_mark_percent`). Idempotent: a row that
 * exists is left as it is.
 */
export async function createMarkingRows(
  tx: DbOrTx,
  { bookletId, random = Math.random }: CreateMarkingRowsInput,
) {
  const [booklet] = await tx
    .select({ testId: mainsBooklets.testId, percent: mainsTests.doubleMarkPercent })
    .from(mainsBooklets)
    .innerJoin(mainsTests, eq(mainsTests.id, mainsBooklets.testId))
    .where(eq(mainsBooklets.id, bookletId));
  if (!booklet) throw new Error(`booklet ${bookletId} missing`);
  const answers = await tx
    .select({ id: mainsBookletAnswers.id, testQuestionId: mainsBookletAnswers.testQuestionId })
    .from(mainsBookletAnswers)
    .where(
      and(
        eq(mainsBookletAnswers.bookletId, bookletId),
        sql`(${mainsBookletAnswers.startPage} is not null or coalesce(btrim(${mainsBookletAnswers.typedText}), '') <> '')`,
      ),
    );
  if (answers.length === 0) return { first: 0, second: 0 };
  const base = { bookletId, testId: booklet.testId };
  const rows = answers.flatMap((answer) => {
    const first = { ...base, answerId: answer.id, testQuestionId: answer.testQuestionId };
    const sampled = random() * 100 < booklet.percent;
    return sampled
      ? [
          { ...first, round: "first" as const },
          { ...first, round: "second" as const },
        ]
      : [{ ...first, round: "first" as const }];
  });
  await tx.insert(mainsMarks).values(rows).onConflictDoNothing();
  return {
    first: answers.length,
    second: rows.length - answers.length,
  };
}

export type MarkingLeftInput = { bookletIds: string[] };

/** How many `first` and `second` markings each booklet still waits for. */
export async function markingLeft(tx: DbOrTx, { bookletIds }: MarkingLeftInput) {
  if (bookletIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ bookletId: mainsMarks.bookletId, left: sql<number>`count(*)::int` })
    .from(mainsMarks)
    .where(
      and(
        inArray(mainsMarks.bookletId, bookletIds),
        inArray(mainsMarks.round, ["first", "second"]),
        sql`${mainsMarks.status} <> 'marked'`,
      ),
    )
    .groupBy(mainsMarks.bookletId);
  return new Map(rows.map((r) => [r.bookletId, Number(r.left)]));
}
