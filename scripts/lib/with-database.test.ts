import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { exams } from "../../src/server/db/schema/exams.ts";
import { profiles } from "../../src/server/db/schema/profiles.ts";
import { loadEnv } from "../../src/server/env.ts";
import { createAdmin } from "../../src/server/modules/account/create-admin.ts";
import { withDatabase } from "./with-database.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "with-database-"));
  dirs.push(dir);
  return dir;
}

const countExams = (dataDir: string) =>
  withDatabase(
    {
      internalPath: "unused",
      body: {},
      direct: async (db) => (await db.select({ n: count() }).from(exams))[0]?.n,
    },
    loadEnv({ DATA_DIR: dataDir }),
    () => {},
  );

// Each test creates on-disk PGlite databases (initdb in WASM): seconds each on a busy machine.
const SLOW = 120_000;

describe("a CLI on a new embedded database", () => {
  it(
    "create-admin before the first start seeds the demo content, once",
    async () => {
      const dataDir = newDataDir();
      const said: string[] = [];
      const { result } = await withDatabase(
        {
          internalPath: "create-admin",
          body: {},
          direct: async (db) => {
            const created = await createAdmin(db, {
              email: "first-admin@example.com",
              password: "a-long-password",
              name: "Site Admin",
            });
            const [role] = await db
              .select({ role: profiles.role })
              .from(profiles)
              .where(eq(profiles.id, created.userId));
            return { ...created, role: role?.role };
          },
        },
        loadEnv({ DATA_DIR: dataDir }),
        (line) => said.push(line),
      );
      expect(result).toMatchObject({ outcome: "created", role: "admin" });
      expect(said).toEqual([
        expect.stringMatching(/^New database in .*: added the demo content \(\d+ exams/),
      ]);

      // The next command (or `npm start`) finds the database known and adds nothing.
      const seeded = (await countExams(dataDir)).result;
      expect(seeded).toBeGreaterThan(0);
      const again: string[] = [];
      await withDatabase(
        { internalPath: "unused", body: {}, direct: async () => null },
        loadEnv({ DATA_DIR: dataDir }),
        (line) => again.push(line),
      );
      expect(again).toEqual([]);
      expect((await countExams(dataDir)).result).toBe(seeded);
    },
    SLOW,
  );

  it(
    "leaves a new database empty when SEED_DEMO=false",
    async () => {
      const dataDir = newDataDir();
      const env = loadEnv({ DATA_DIR: dataDir, SEED_DEMO: "false" });
      const { result } = await withDatabase(
        {
          internalPath: "unused",
          body: {},
          direct: async (db) => (await db.select({ n: count() }).from(exams))[0]?.n,
        },
        env,
        () => {},
      );
      expect(result).toBe(0);
    },
    SLOW,
  );
});
