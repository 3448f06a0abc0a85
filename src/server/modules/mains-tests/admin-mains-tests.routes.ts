import { Hono } from "hono";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import {
  mainsSeriesSchema,
  mainsTestPublicationSchema,
  mainsTestQuestionsSchema,
  mainsTestSchema,
} from "../../../shared/mains-test-schemas.ts";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  createMainsSeries,
  deleteMainsSeries,
  listMainsSeries,
  updateMainsSeries,
} from "./series.ts";
import {
  createMainsTest,
  deleteMainsTest,
  getMainsTestForAdmin,
  listMainsTestsForAdmin,
  setMainsTestPaper,
  setMainsTestPublished,
  updateMainsTest,
} from "./tests.ts";

/**
 * The admins' Mains tests (decision 063): /api/admin/mains-tests (the test, its paper, its
 * publication) and /api/admin/mains-series. Admins only; mentors and students get 403.
 */
export function createAdminMainsTestRoutes(db: Db) {
  const tests = new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listMainsTestsForAdmin(db, { query: c.req.valid("query") })),
    )
    .post("/", validate("json", mainsTestSchema), async (c) =>
      c.json(
        {
          id: await createMainsTest(db, {
            input: c.req.valid("json"),
            createdBy: viewerOf(c).userId,
          }),
        },
        201,
      ),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await getMainsTestForAdmin(db, c.req.valid("param").id)),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", mainsTestSchema), async (c) => {
      const { id } = c.req.valid("param");
      await updateMainsTest(db, { id, input: c.req.valid("json") });
      return c.json(await getMainsTestForAdmin(db, id));
    })
    .put(
      "/:id/questions",
      validate("param", idParamSchema),
      validate("json", mainsTestQuestionsSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        await setMainsTestPaper(db, { id, input: c.req.valid("json") });
        return c.json(await getMainsTestForAdmin(db, id));
      },
    )
    .put(
      "/:id/publication",
      validate("param", idParamSchema),
      validate("json", mainsTestPublicationSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        await setMainsTestPublished(db, { id, published: c.req.valid("json").published });
        return c.json(await getMainsTestForAdmin(db, id));
      },
    )
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await deleteMainsTest(db, c.req.valid("param").id);
      return c.json({ id: c.req.valid("param").id });
    });

  const series = new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", paginationQuerySchema), async (c) =>
      c.json(await listMainsSeries(db, { query: c.req.valid("query") })),
    )
    .post("/", validate("json", mainsSeriesSchema), async (c) =>
      c.json({ id: await createMainsSeries(db, c.req.valid("json")) }, 201),
    )
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", mainsSeriesSchema),
      async (c) => {
        await updateMainsSeries(db, { id: c.req.valid("param").id, input: c.req.valid("json") });
        return c.json({ id: c.req.valid("param").id });
      },
    )
    .delete("/:id", validate("param", idParamSchema), async (c) => {
      await deleteMainsSeries(db, c.req.valid("param").id);
      return c.json({ id: c.req.valid("param").id });
    });

  return { tests, series };
}
