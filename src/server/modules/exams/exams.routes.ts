import { Hono } from "hono";
import { examInputSchema, studentExamFilterSchema } from "../../../shared/exams.ts";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  createExam,
  deleteExam,
  listExamOptions,
  listExamsForAdmin,
  listExamsForStudent,
  updateExam,
} from "./exams.service.ts";

/** GET /api/exams: the student's available exams. */
export function createExamRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    "/",
    requireRole("student", "admin"),
    validate("query", studentExamFilterSchema),
    async (c) =>
      c.json(await listExamsForStudent(db, { viewer: viewerOf(c), filter: c.req.valid("query") })),
  );
}

export function createAdminExamRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listExamsForAdmin(db, c.req.valid("query"))),
    )
    .get("/options", async (c) => c.json(await listExamOptions(db)))
    .post("/", validate("json", examInputSchema), async (c) =>
      c.json(await createExam(db, c.req.valid("json")), 201),
    )
    .put("/:id", validate("param", idParamSchema), validate("json", examInputSchema), async (c) =>
      c.json(await updateExam(db, { id: c.req.valid("param").id, input: c.req.valid("json") })),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteExam(db, c.req.valid("param").id)),
    );
}
