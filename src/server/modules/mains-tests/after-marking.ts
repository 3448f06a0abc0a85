import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { mainsBooklets } from "../../db/schema/mains-booklets.ts";
import { markingLeft } from "./marking-rows.ts";

export type AfterMarkingInput = {
  bookletId: string;
  now: Date;
};

/**
 * What follows a mentor's marking (decision 063), in its transaction: a submitted booklet whose
 * every `first` and `second` marking is done is evaluated.
 */
export async function afterMarking(tx: DbOrTx, { bookletId, now }: AfterMarkingInput) {
  const left = await markingLeft(tx, { bookletIds: [bookletId] });
  if ((left.get(bookletId) ?? 0) > 0) return { evaluated: false };
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
  return { evaluated: done.length > 0 };
}
