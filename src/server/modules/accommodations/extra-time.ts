import { and, eq } from "drizzle-orm";
import { extraSecondsOf } from "../../../shared/accommodations.ts";
import type { DbOrTx } from "../../db/client.ts";
import { accommodations } from "../../db/schema/accommodations.ts";

export type ExtraSecondsForInput = {
  userId: string;
  timeLimitSeconds: number;
};

/**
 * The extra seconds a student gets on a timed test of `timeLimitSeconds` (decision 048): their
 * approved accommodation's minutes per hour (time limit × minutes ÷ 60, rounded up to a whole
 * second) or fixed minutes; 0 without one. The engine adds it to the deadline at the start and
 * stores it on the attempt; untimed sets never ask.
 */
export async function extraSecondsFor(
  db: DbOrTx,
  { userId, timeLimitSeconds }: ExtraSecondsForInput,
): Promise<number> {
  const [grant] = await db
    .select({ kind: accommodations.extraTimeKind, minutes: accommodations.extraMinutes })
    .from(accommodations)
    .where(and(eq(accommodations.userId, userId), eq(accommodations.status, "approved")));
  if (!grant?.kind || !grant.minutes) return 0;
  return extraSecondsOf({ kind: grant.kind, minutes: grant.minutes }, timeLimitSeconds);
}
