import { Hono } from "hono";
import { planIdInputSchema } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { listActivePlans } from "./plans.service.ts";
import { activateFreePlan, getMySubscription } from "./student-subscriptions.service.ts";

/** /api/subscriptions: active plans (public), the student's current subscription, free plans. */
export function createSubscriptionRoutes(db: Db) {
  return (
    new Hono<AppEnv>()
      // Public: a visitor's home page shows the plans (their prices and limits are no secret).
      .get("/plans", async (c) => c.json(await listActivePlans(db)))
      .get("/me", requireRole("student"), async (c) =>
        c.json({ subscription: await getMySubscription(db, { userId: viewerOf(c).userId }) }),
      )
      .post("/free", requireRole("student"), validate("json", planIdInputSchema), async (c) =>
        c.json({
          subscription: await activateFreePlan(db, {
            userId: viewerOf(c).userId,
            planId: c.req.valid("json").planId,
          }),
        }),
      )
  );
}
