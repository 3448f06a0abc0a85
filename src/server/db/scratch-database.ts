import pg from "pg";

/**
 * A new database on the PostgreSQL server that `serverUrl` points at, for one test file or
 * benchmark run: its name and URL, and `drop` to remove it afterwards. Empty, or a copy of
 * `template` (CREATE DATABASE … TEMPLATE: a file copy, far cheaper than replaying migrations).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options: { template?: string } = {},
) {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(
    options.template
      ? `CREATE DATABASE ${name} TEMPLATE ${options.template}`
      : `CREATE DATABASE ${name}`,
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
