import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

// PGlite is one process's database (a second server on the same DATA_DIR is refused at start),
// so instances racing to migrate exist only on PostgreSQL: this runs with TEST_DATABASE_URL.
describe.skipIf(!serverUrl)("migrations when several instances start at once", () => {
  it("applies each migration once while three instances migrate together", async () => {
    const scratch = await createScratchDatabase(serverUrl as string, "miglock");
    const instances: Database[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        instances.push(
          await openDatabase({ databaseUrl: scratch.url, poolSize: 2, onPoolError: () => {} }),
        );
      }
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);

      const [first] = instances as [Database];
      const journal = rowsOf(
        await first.db.execute(
          sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
        ),
      );
      const { readMigrationFiles } = await import("drizzle-orm/migrator");
      const files = readMigrationFiles({
        migrationsFolder: new URL("./migrations", import.meta.url).pathname,
      });
      expect(journal).toHaveLength(files.length);
      expect(journal.every((row) => row.n === 1)).toBe(true);
      // The schema is usable and no lock is left behind.
      const [locks] = rowsOf(
        await first.db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`,
        ),
      );
      expect(locks?.n).toBe(0);
      await first.db.execute(sql`select count(*) from exam_attempts`);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await scratch.drop();
    }
  });
});
