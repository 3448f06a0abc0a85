import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/client.ts";
import { exams } from "./db/schema/exams.ts";
import { prepareDatabase } from "./prepare-database.ts";

const countExams = async (db: Awaited<ReturnType<typeof openDatabase>>["db"]) =>
  (await db.select({ n: count() }).from(exams))[0]?.n;

describe("prepareDatabase", () => {
  it("seeds the demo content once, when the database is new to this project", async () => {
    const database = await openDatabase({});
    try {
      const first = await prepareDatabase(database, { seedDemo: true });
      expect(first.isNew).toBe(true);
      expect(first.demo?.exams).toBeGreaterThan(0);
      expect(await countExams(database.db)).toBe(first.demo?.exams);

      // An operator who deleted the demo exams does not get them back on the next start.
      await database.db.delete(exams);
      const second = await prepareDatabase(database, { seedDemo: true });
      expect(second).toEqual({ isNew: false, demo: null });
      expect(await countExams(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("migrates without seeding when SEED_DEMO is off", async () => {
    const database = await openDatabase({});
    try {
      expect(await prepareDatabase(database, { seedDemo: false })).toEqual({
        isNew: true,
        demo: null,
      });
      expect(await countExams(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
