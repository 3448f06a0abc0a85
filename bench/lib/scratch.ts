// A migrated scratch database on PostgreSQL for one benchmark run, dropped afterwards.
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { createScratchDatabase } from "../../src/server/db/scratch-database.ts";

/** `DATABASE_URL` (default the local server) names the server; `prefix` the scratch database. */
export async function openScratch(
  prefix: string,
  serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const scratch = await createScratchDatabase(serverUrl, prefix);
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  return {
    database,
    cleanup: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
