import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The transaction `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/**
 * For a function that runs alone or inside the caller's transaction (a transaction is a
 * database handle without `$client`): take this, never cast `tx as Db`.
 */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations (idempotent). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * The advisory lock key every instance takes while migrating (any fixed bigint; this one spells
 * "upsc-mig"). drizzle's migrator reads the journal and then applies what is missing with no lock
 * of its own, so two instances starting together would both apply the same migration and one
 * would fail on "already exists". Holding this lock, the second waits, then finds nothing to do.
 */
export const MIGRATION_LOCK_KEY = 0x7570_7363_2d6d_6967n;

/** The default number of PostgreSQL connections each instance's pool may open (DATABASE_POOL_SIZE). */
const DEFAULT_POOL_SIZE = 10;
/**
 * The default longest wait for a pooled connection (DATABASE_POOL_WAIT_MS). Past it the query
 * fails with node-postgres's "timeout exceeded when trying to connect", which the app answers
 * 503 UNAVAILABLE with Retry-After (isDatabaseUnavailable): under overload a request is shed
 * instead of being served long after its client gave up and retried (decision 050).
 */
export const DEFAULT_POOL_WAIT_MS = 5000;

/** Opens PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (the tests' migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL only: the longest a query waits for a pooled connection (DEFAULT_POOL_WAIT_MS). */
  poolWaitMs?: number;
  /** An idle pooled connection failed (the server restarted or ended it). */
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
    });
    const lost = (error: Error) => {
      if (options.onPoolError) options.onPoolError(error);
      else process.stderr.write(`database connection lost: ${error.message}\n`);
    };
    // Without a listener, an idle connection closed by PostgreSQL (a restart, a failover, an
    // admin terminating it) would crash the process; the pool simply replaces the connection.
    pool.on("error", lost);
    // The pool listens only while a connection is idle: one closed while a request holds it
    // (mid-query or mid-transaction) emits 'error' on the client itself, which with no listener
    // crashed the whole instance (found by bench:chaos). Its query fails (503 UNAVAILABLE) and
    // the pool discards the dead client on release.
    const held = new WeakSet<pg.PoolClient>();
    pool.on("acquire", (client) => held.add(client));
    pool.on("release", (_error, client) => held.delete(client));
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        if (held.has(client)) lost(error);
      });
    });
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        // One connection holds the lock and runs the migrations, so the lock lives exactly as
        // long as the work (a crash ends the session and releases it).
        const client = await pool.connect();
        const key = MIGRATION_LOCK_KEY.toString();
        let failure: unknown;
        try {
          await client.query("select pg_advisory_lock($1)", [key]);
          try {
            await migratePg(drizzlePg(client, { schema, casing: "snake_case" }), {
              migrationsFolder,
            });
          } finally {
            await client.query("select pg_advisory_unlock($1)", [key]);
          }
        } catch (error) {
          failure = error;
          throw error;
        } finally {
          // A connection that failed mid-way is closed rather than reused with the lock held.
          client.release(failure instanceof Error ? failure : undefined);
        }
      },
      close: () => pool.end(),
    };
  }
  const client = options.loadDataDir
    ? new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
    : new PGlite(options.dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
  };
}
