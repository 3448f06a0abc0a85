import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`). Both start as
 * a copy of the template the server project's globalSetup migrated once for the whole run
 * (global-setup.ts, decision 031); without one (another config), they are migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject("pgliteTemplate");
    if (template) return openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const template = inject("postgresTemplate");
  const scratch = await createScratchDatabase(serverUrl, "test", { template });
  // Dropping the database ends any connection still open: expected here, not an error.
  const database = await openDatabase({
    databaseUrl: scratch.url,
    poolSize: 5,
    onPoolError: () => {},
  });
  // The template was migrated by this run's globalSetup, from the same migrations.
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
