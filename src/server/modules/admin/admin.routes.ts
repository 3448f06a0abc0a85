import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { getAdminOverview } from "./admin.service.ts";
import { getSetupChecklist } from "./setup-checklist.ts";

export function createAdminRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/overview", async (c) => c.json(await getAdminOverview(db)))
    .get("/setup-checklist", async (c) => c.json(await getSetupChecklist(db)));
}
