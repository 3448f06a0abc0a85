import { Hono } from "hono";
import { siteSettingsInputSchema } from "../../../shared/settings.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { gstRateOf, type SiteSettings } from "./settings.service.ts";
import type { SettingsStore } from "./settings-store.ts";

function toJson(settings: SiteSettings) {
  return {
    id: settings.id,
    appTitle: settings.appTitle,
    contactEmail: settings.contactEmail,
    maintenanceMode: settings.maintenanceMode,
    examName: settings.examName,
    examDate: settings.examDate,
    sellerName: settings.sellerName,
    sellerAddress: settings.sellerAddress,
    sellerGstin: settings.sellerGstin,
    gstRate: gstRateOf(settings),
    updatedAt: settings.updatedAt.toISOString(),
  };
}

export function createSettingsRoutes(settings: SettingsStore) {
  return (
    new Hono<AppEnv>()
      // The app reads it to know it should show the maintenance page.
      .get("/public", openDuringMaintenance, async (c) => {
        const current = await settings.get();
        return c.json({
          appTitle: current.appTitle,
          contactEmail: current.contactEmail,
          maintenanceMode: current.maintenanceMode,
          examName: current.examName,
          examDate: current.examDate,
          // The Contact page's postal address and the business behind the site (decision 040).
          businessName: current.sellerName,
          postalAddress: current.sellerAddress,
        });
      })
      .get("/", requireRole("admin"), async (c) => c.json(toJson(await settings.get())))
      .put("/", requireRole("admin"), validate("json", siteSettingsInputSchema), async (c) => {
        return c.json(toJson(await settings.update(c.req.valid("json"))));
      })
  );
}
