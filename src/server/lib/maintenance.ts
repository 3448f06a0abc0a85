import { createMiddleware } from "hono/factory";
import { SETTINGS_MESSAGES } from "../../shared/settings.ts";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";

/**
 * What stays open in maintenance mode: enough for the app to load, show the maintenance page and
 * let an admin log in (auth is mounted outside this gate) and switch it off.
 */
const OPEN_PATHS = new Set([
  "/api/health",
  "/api/settings/public",
  "/api/account/me",
  // Razorpay's webhook: a payment made just before maintenance must still activate.
  "/api/payments/razorpay/webhook",
]);

/** While maintenance mode is on, every other API call from anyone but an admin gets a 503. */
export function maintenanceGate(isMaintenanceOn: () => Promise<boolean>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = c.req.path.replace(/\/+$/, "");
    if (OPEN_PATHS.has(path) || c.get("viewer")?.role === "admin") return next();
    if (await isMaintenanceOn()) {
      c.header("Retry-After", "300");
      throw new AppError("MAINTENANCE", SETTINGS_MESSAGES.maintenanceApi);
    }
    await next();
  });
}
