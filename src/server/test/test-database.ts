import { type Database, openDatabase } from "../db/client.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase(serverUrl, "test");
  // Dropping the database ends any connection still open: expected here, not an error.
  const database = await openDatabase({
    databaseUrl: scratch.url,
    poolSize: 5,
    onPoolError: () => {},
  });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
