import { Hono } from "hono";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import { planInputSchema } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  cancelUserSubscription,
  getUserSubscription,
  listUserSubscriptions,
} from "./admin-subscriptions.service.ts";
import { createPlan, deletePlan, listPlansForAdmin, updatePlan } from "./plans.service.ts";

/** /api/admin/subscription-plans: the paged plan list and plan CRUD. */
export function createAdminPlanRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", paginationQuerySchema), async (c) =>
      c.json(await listPlansForAdmin(db, c.req.valid("query"))),
    )
    .post("/", validate("json", planInputSchema), async (c) =>
      c.json(await createPlan(db, c.req.valid("json")), 201),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", planInputSchema), async (c) =>
      c.json(await updatePlan(db, { id: c.req.valid("param").id, input: c.req.valid("json") })),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deletePlan(db, { id: c.req.valid("param").id })),
    );
}

/** /api/admin/user-subscriptions: every student's subscriptions, details, cancel. */
export function createAdminUserSubscriptionRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listUserSubscriptions(db, c.req.valid("query"))),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getUserSubscription(db, c.req.valid("param").id)),
    )
    .post("/:id/cancel", validate("param", idParamSchema), async (c) =>
      c.json(await cancelUserSubscription(db, { id: c.req.valid("param").id })),
    );
}
