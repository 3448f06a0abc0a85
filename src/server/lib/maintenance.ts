import { createMiddleware } from "hono/factory";
import { SETTINGS_MESSAGES } from "../../shared/settings.ts";
import { AppError } from "./app-error.ts";
import type { AppEnv, Viewer } from "./context.ts";
import { policyOf } from "./route-policy.ts";

/**
 * While maintenance mode is on, every API call from anyone but an admin gets a 503, except on the
 * routes that declare `openDuringMaintenance` (route-policy.ts, decision 030): enough for the app
 * to load, show the maintenance page and let an admin log in (auth is mounted outside this gate)
 * and switch it off, plus Razorpay's webhook.
 */
export function maintenanceGate(isMaintenanceOn: () => Promise<boolean>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!policyOf(c).openDuringMaintenance)
      await refuseDuringMaintenance(c.get("viewer"), isMaintenanceOn);
    await next();
  });
}

/** The gate's check for one viewer (also the direct routes', decision 053): throws the 503. */
export async function refuseDuringMaintenance(
  viewer: Viewer | null,
  isMaintenanceOn: () => Promise<boolean>,
) {
  if (viewer?.role === "admin") return;
  if (await isMaintenanceOn()) {
    throw new AppError("MAINTENANCE", SETTINGS_MESSAGES.maintenanceApi, undefined, {
      retryAfterSeconds: 300,
    });
  }
}
