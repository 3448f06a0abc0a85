import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { createScratchDatabase } from "./scratch-database.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

// A connection PostgreSQL ends while a request holds it (a restart, a failover,
// pg_terminate_backend) used to emit an unhandled 'error' on the pg client and crash the
// instance. PGlite has no connections to lose: this runs with TEST_DATABASE_URL.
describe.skipIf(!serverUrl)("a database connection lost while a request holds it", () => {
  it("does not crash the process: the transaction fails, the pool serves the next query", async () => {
    const scratch = await createScratchDatabase(serverUrl as string, "connlost");
    const admin = new pg.Client({ connectionString: serverUrl });
    let reportLost: (error: Error) => void = () => {};
    const reported = new Promise<Error>((resolve) => {
      reportLost = resolve;
    });
    const database = await openDatabase({
      databaseUrl: scratch.url,
      poolSize: 2,
      onPoolError: (error) => reportLost(error),
    });
    try {
      await admin.connect();
      const outcome = await database.db
        .transaction(async (tx) => {
          const [row] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
          // The connection dies between two statements of the transaction, held by it.
          await admin.query("select pg_terminate_backend($1)", [row?.pid]);
          const lost = await reported;
          await tx.execute(sql`select 1`);
          return lost;
        })
        .then(
          () => "committed",
          (error: unknown) => `failed: ${error instanceof Error ? error.message : error}`,
        );
      expect(outcome).toMatch(/^failed/);
      expect((await reported).message).toMatch(/terminat/i);
      // The dead client left the pool: the next queries run on fresh connections.
      for (let i = 0; i < 3; i += 1) {
        const [row] = rowsOf(await database.db.execute(sql`select 41 + 1 as n`));
        expect(row?.n).toBe(42);
      }
    } finally {
      await admin.end();
      await database.close();
      await scratch.drop();
    }
  });
});
