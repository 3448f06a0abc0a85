import type { Db } from "../db/client.ts";

/**
 * Counts the round trips the app starts on `db`'s driver while `run` runs: every query and every
 * transaction or pooled connection taken (PGlite's `query`/`exec`/`transaction`, node-postgres'
 * pool `query`/`connect`). For tests that promise "no database read" (decision 047's waiting room).
 */
export async function countDatabaseCalls(db: Db, run: () => Promise<void>): Promise<number> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const methods = ["query", "exec", "transaction", "connect"].filter(
    (name) => typeof client[name] === "function",
  );
  let calls = 0;
  const originals = new Map<string, unknown>();
  for (const name of methods) {
    const original = client[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    client[name] = function counted(this: unknown, ...args: unknown[]) {
      calls += 1;
      return original.apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return calls;
}
