import { Hono } from "hono";
import { categoryInputSchema } from "../../../shared/exams.ts";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  createCategory,
  deleteCategory,
  listCategories,
  listCategoryOptions,
  updateCategory,
} from "./categories.service.ts";

/**
 * GET /api/categories (any signed-in user: filters) and, under /api/admin/categories, the admin's
 * paged list, every category as an option (the exam form's select) and the CRUD.
 */
export function createCategoryRoutes(db: Db) {
  return new Hono<AppEnv>().get("/", requireAuth, async (c) =>
    c.json(await listCategoryOptions(db)),
  );
}

export function createAdminCategoryRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listCategories(db, c.req.valid("query"))),
    )
    .get("/options", async (c) => c.json(await listCategoryOptions(db)))
    .post("/", validate("json", categoryInputSchema), async (c) =>
      c.json(await createCategory(db, c.req.valid("json")), 201),
    )
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", categoryInputSchema),
      async (c) =>
        c.json(
          await updateCategory(db, { id: c.req.valid("param").id, input: c.req.valid("json") }),
        ),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteCategory(db, c.req.valid("param").id)),
    );
}
