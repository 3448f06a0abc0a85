import type { Db } from "../../db/client.ts";
import type { Background } from "../../lib/background.ts";

export type RunKeyChangeRegradesInput = { now?: Date };

/**
 * Regrades every attempt that holds a changed question, for each key change not yet regraded
 * (decision 064). Safe to run on every instance at once and again after a crash.
 */
export async function runKeyChangeRegrades(
  _db: Db,
  _input: RunKeyChangeRegradesInput = {},
): Promise<number> {
  // Filled in by the key-change regrade (work in progress on this branch).
  return 0;
}

export type KickKeyChangeRegradesInput = { db: Db; background: Background; now: () => Date };

/** Starts the regrade of the key changes just committed, without making the request wait. */
export function kickKeyChangeRegrades({ db, background, now }: KickKeyChangeRegradesInput): void {
  background.run("key change regrade", () => runKeyChangeRegrades(db, { now: now() }));
}
