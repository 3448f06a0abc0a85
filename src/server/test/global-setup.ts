// Vitest globalSetup for the server project: migrates one template database before any test file
// runs, so each file copies it instead of creating and migrating its own (decision 031).
// PGlite: a dump of a migrated data directory in a temporary file, loaded per file (creating an
// empty PGlite runs initdb, the bulk of the cost). PostgreSQL (TEST_DATABASE_URL): a migrated
// database each file copies with CREATE DATABASE … TEMPLATE. Both are removed at the end.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { createScratchDatabase } from "../db/scratch-database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data directory (a tar dump). */
    pgliteTemplate?: string;
    /** The migrated PostgreSQL database each test file copies. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createScratchDatabase(serverUrl, "test_template");
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // A template must have no connections while it is copied.
      await database.close();
    }
    project.provide("postgresTemplate", template.name);
    return async () => {
      await template.drop();
    };
  }
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("gzip");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "upsc-pglite-template-"));
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
