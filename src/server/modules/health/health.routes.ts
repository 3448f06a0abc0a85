import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { openDuringMaintenance } from "../../lib/route-policy.ts";

export function createHealthRoutes(db: Db, databaseKind: string) {
  // Load balancers keep asking during maintenance.
  return new Hono<AppEnv>().get("/", openDuringMaintenance, async (c) => {
    const started = performance.now();
    try {
      await db.execute(sql`select 1`);
      const ms = Math.round(performance.now() - started);
      return c.json({ status: "ok", database: { kind: databaseKind, ok: true, ms } });
    } catch {
      return c.json({ status: "error", database: { kind: databaseKind, ok: false } }, 503);
    }
  });
}
