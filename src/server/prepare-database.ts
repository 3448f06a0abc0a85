import { sql } from "drizzle-orm";
import type { Database, Db } from "./db/client.ts";
import { seedDemo } from "./seed/demo.ts";
import type { FileStorage } from "./storage/storage.ts";

export type DemoSummary = Awaited<ReturnType<typeof seedDemo>>;

/** True when no migration of this project was ever applied: the database is new to us. */
async function hasNoMigrations(db: Db): Promise<boolean> {
  // drizzle-orm keeps its journal in drizzle.__drizzle_migrations (created by the first migrate).
  // Two statements: a query naming a missing table fails when planned, whatever its CASE says.
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const [journal] = rowsOf(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  );
  if (!journal?.found) return true;
  const [applied] = rowsOf(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return Number(applied?.n ?? 0) === 0;
}

/**
 * Brings the database up to date and, when it is new to this project and `seedDemo` allows,
 * fills it with the demo content. Every command that opens the database (the server, the
 * create-admin and seed-demo CLIs) goes through here, so whichever runs first on a new data
 * folder seeds it: running create-admin before the first `npm start` no longer leaves the app
 * empty. "New" is read from the migrations journal, not from files, so it holds for any driver.
 */
export async function prepareDatabase(
  database: Database,
  /** `storage`, when given, also receives the demo files (the sample quiz PDF). */
  options: { seedDemo: boolean; storage?: FileStorage },
): Promise<{ isNew: boolean; demo: DemoSummary | null }> {
  const isNew = await hasNoMigrations(database.db);
  await database.migrate();
  const demo = isNew && options.seedDemo ? await seedDemo(database.db, options.storage) : null;
  return { isNew, demo };
}
