import { Hono } from "hono";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { getAttemptForAdmin, listAttemptsForAdmin } from "./admin-results.service.ts";

export function createAdminResultRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listAttemptsForAdmin(db, c.req.valid("query"))),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await getAttemptForAdmin(db, { viewer: viewerOf(c), attemptId: c.req.valid("param").id }),
      ),
    );
}
