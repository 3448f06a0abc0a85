import { Hono } from "hono";
import { razorpaySettingsInputSchema } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import {
  getRazorpaySettings,
  saveRazorpaySettings,
  testRazorpayConnection,
} from "./gateway-settings.service.ts";
import type { PaymentsDeps } from "./payments-deps.ts";

/** /api/admin/payment-settings: the Razorpay keys (secrets write-only) and a connection test. */
export function createAdminPaymentRoutes(db: Db, deps: PaymentsDeps) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/razorpay", async (c) => c.json(await getRazorpaySettings(db, deps)))
    .put("/razorpay", validate("json", razorpaySettingsInputSchema), async (c) =>
      c.json(await saveRazorpaySettings(db, { deps, input: c.req.valid("json") })),
    )
    .post("/razorpay/test", async (c) => c.json(await testRazorpayConnection(db, deps)));
}
