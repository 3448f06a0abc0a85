import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { getSiteSettings } from "./settings.service.ts";

export function createSettingsRoutes(db: Db) {
  return new Hono<AppEnv>().get("/public", async (c) => {
    const settings = await getSiteSettings(db);
    return c.json({
      appTitle: settings.appTitle,
      contactEmail: settings.contactEmail,
      maintenanceMode: settings.maintenanceMode,
    });
  });
}
