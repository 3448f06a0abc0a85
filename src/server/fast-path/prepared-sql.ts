import type { SQL } from "drizzle-orm";
import { Placeholder } from "drizzle-orm";
import pg from "pg";
import type { Db, DbOrTx } from "../db/client.ts";

type Prepared = { execute: (values: Record<string, unknown>) => Promise<unknown> };
/** The parts of a drizzle database that prepare a query (public on the class, not in its types). */
type Internals = {
  dialect: { sqlToQuery: (query: SQL) => { sql: string; params: unknown[] } };
  session: {
    prepareQuery: (query: unknown, fields: undefined, name: string, arrayMode: false) => Prepared;
  };
  /** The driver drizzle was made with: a node-postgres Pool, or PGlite; a transaction has none. */
  $client?: unknown;
};

/** Date and time types stay text, as drizzle's own node-postgres queries read them. */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const driverTypes = {
  getTypeParser: (typeId: number, format?: "text" | "binary") =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
} as pg.CustomTypesConfig;

/**
 * `build(db)` made once per database handle (or transaction) and reused: for statements prepared
 * with the query builder's `.prepare(name)` (named on PostgreSQL, so parsed and planned once per
 * connection).
 */
export function perDatabase<T, Handle extends DbOrTx = Db>(
  build: (db: Handle) => T,
): (db: Handle) => T {
  const byDb = new WeakMap<Handle, T>();
  return (db) => {
    let made = byDb.get(db);
    if (made === undefined) {
      made = build(db);
      byDb.set(db, made);
    }
    return made;
  };
}

/**
 * A raw SQL statement (with `sql.placeholder(...)` for its values) prepared once per database
 * handle: on PostgreSQL a named statement, parsed and planned once per connection and re-prepared
 * by node-postgres on a new one; on PGlite a plain query. Drizzle prepares only the statements its
 * query builder makes, and `db.execute()` re-builds and re-plans a raw statement every time: for
 * the answer save's upsert that was half of PostgreSQL's work per save (decision 027).
 *
 * On the node-postgres pool itself (not a transaction) the statement goes straight to
 * `pool.query({ name, text, values })`: drizzle's prepared query adds a few layers of promises
 * and tracing spans per call, a measurable share of the answer save's server CPU (decision 051).
 * Rows come back as on drizzle's path: json parsed, dates and times as the text PostgreSQL sent.
 */
export function preparedSql<Row>(name: string, build: () => SQL) {
  // A transaction is a handle of its own (prepared again, cheaply: node-postgres parses a named
  // statement once per connection and reuses it).
  const prepare = perDatabase(
    (db: DbOrTx): ((values: Record<string, unknown>) => Promise<Row[]>) => {
      const internals = db as unknown as Internals;
      const query = internals.dialect.sqlToQuery(build());
      const pool = internals.$client;
      if (pool instanceof pg.Pool) {
        const text = query.sql;
        // Each parameter is a placeholder's value, or a constant drizzle inlined as a parameter.
        const params = query.params;
        return async (values) => {
          const result = await pool.query<Row & pg.QueryResultRow>({
            name,
            text,
            types: driverTypes,
            values: params.map((param) =>
              param instanceof Placeholder ? values[param.name] : param,
            ),
          });
          return result.rows;
        };
      }
      const prepared = internals.session.prepareQuery(query, undefined, name, false);
      // node-postgres and PGlite both answer with { rows }.
      return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
    },
  );
  return (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => prepare(db)(values);
}
