import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { mainsTests } from "../../db/schema/mains-tests.ts";
import { markingLeft } from "./marking-rows.ts";
import { finishReevaluation } from "./reevaluation.ts";
import { enqueueResultMessages, recomputeResults } from "./results.ts";

export type AfterMarkingInput = {
  bookletId: string;
  now: Date;
};

/**
 * What follows a mentor's marking (decision 063), in its transaction:
 * - a submitted booklet whose every `first` and `second` marking is done is evaluated;
 * - when the test's results are already out, a booklet evaluated now joins them (every rank is
 *   written again and its student told), and a booklet whose every `reeval` marking is done gets
 *   its outcomes and new ranks (reevaluation.ts).
 *
 * Publication holds the test's row FOR UPDATE; this takes it FOR KEY SHARE first, so a booklet
 * is either evaluated before a publication reads the booklets or sees the results out. Results
 * written again take the test's results lock, so two markings never rewrite one test's ranks at
 * once. The desk calls this before it writes to the booklet's or its answers' rows itself.
 */
export async function afterMarking(tx: DbOrTx, { bookletId, now }: AfterMarkingInput) {
  const [booklet] = await tx
    .select({ testId: mainsBooklets.testId })
    .from(mainsBooklets)
    .where(eq(mainsBooklets.id, bookletId));
  if (!booklet) return { evaluated: false, recomputed: false };
  const { testId } = booklet;
  const [test] = await tx
    .select({ resultsPublishedAt: mainsTests.resultsPublishedAt })
    .from(mainsTests)
    .where(eq(mainsTests.id, testId))
    .for("key share");
  const published = Boolean(test?.resultsPublishedAt);
  if (published) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`mains-results:${testId}`}, 0))`,
    );
  }
  const left = await markingLeft(tx, { bookletIds: [bookletId] });
  let evaluated = false;
  if ((left.get(bookletId) ?? 0) === 0) {
    const done = await tx
      .update(mainsBooklets)
      .set({
        status: "evaluated",
        evaluatedAt: now,
        claimedBy: null,
        claimExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(mainsBooklets.id, bookletId), eq(mainsBooklets.status, "submitted")))
      .returning({ id: mainsBooklets.id });
    evaluated = done.length > 0;
  }
  if (!published) return { evaluated, recomputed: false };
  if (evaluated) {
    await recomputeResults(tx, { testId, now });
    await enqueueResultMessages(tx, { testId, now, bookletIds: [bookletId] });
    return { evaluated, recomputed: true };
  }
  const recomputed = await finishReevaluation(tx, { bookletId, testId, now });
  return { evaluated, recomputed };
}
