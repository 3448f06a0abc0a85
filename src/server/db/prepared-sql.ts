import type { SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "./client.ts";

type Prepared = { execute: (values: Record<string, unknown>) => Promise<unknown> };
/** The parts of a drizzle database that prepare a query (public on the class, not in its types). */
type Internals = {
  dialect: { sqlToQuery: (query: SQL) => unknown };
  session: {
    prepareQuery: (query: unknown, fields: undefined, name: string, arrayMode: false) => Prepared;
  };
};

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
 */
export function preparedSql<Row>(name: string, build: () => SQL) {
  // A transaction is a handle of its own (prepared again, cheaply: node-postgres parses a named
  // statement once per connection and reuses it).
  const prepare = perDatabase((db: DbOrTx): Prepared => {
    const { dialect, session } = db as unknown as Internals;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    // node-postgres and PGlite both answer with { rows }.
    const result = (await prepare(db).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
