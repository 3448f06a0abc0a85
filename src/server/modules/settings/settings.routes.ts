import { Hono } from "hono";
import { z } from "zod";
import { siteSettingsInputSchema } from "../../../shared/settings.ts";
import { LOGO_RULES, UPLOAD_MESSAGES } from "../../../shared/uploads.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import type { FileStorage } from "../../storage/storage.ts";
import { uploadLimit } from "../../storage/upload-limit.ts";
import { gstRateOf, type SiteSettings } from "./settings.service.ts";
import type { SettingsStore } from "./settings-store.ts";
import { removeSiteLogo, uploadSiteLogo } from "./site-logo.ts";

const logoForm = z.object({ file: z.instanceof(File, { message: UPLOAD_MESSAGES.fileMissing }) });

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
    sellerStateCode: settings.sellerStateCode,
    gstRate: gstRateOf(settings),
    logoUrl: settings.logoUrl,
    reportSlaHours: settings.reportSlaHours,
    updatedAt: settings.updatedAt.toISOString(),
  };
}

export function createSettingsRoutes(settings: SettingsStore, storage: FileStorage) {
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
          // The header's logo (null: the title); og:image uses it too (site/shell-page.ts).
          logoUrl: current.logoUrl,
        });
      })
      .get("/", requireRole("admin"), async (c) => c.json(toJson(await settings.get())))
      .put("/", requireRole("admin"), validate("json", siteSettingsInputSchema), async (c) => {
        return c.json(toJson(await settings.update(c.req.valid("json"))));
      })
      .post(
        "/logo",
        requireRole("admin"),
        uploadLimit(LOGO_RULES.maxBytes, LOGO_RULES.tooLarge),
        validate("form", logoForm),
        async (c) => {
          const saved = await uploadSiteLogo(settings, storage, c.req.valid("form").file);
          return c.json(toJson(saved), 201);
        },
      )
      .delete("/logo", requireRole("admin"), async (c) => {
        return c.json(toJson(await removeSiteLogo(settings, storage)));
      })
  );
}
