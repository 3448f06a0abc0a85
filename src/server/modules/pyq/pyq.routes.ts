import { Hono } from "hono";
import { pyqAnswerSchema, pyqFilterSchema, pyqListQuerySchema } from "../../../shared/pyq.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { answerPyqQuestion, getPyqFilters, getPyqTrend, listPyqQuestions } from "./pyq.service.ts";

/**
 * /api/pyq: the Previous-Year Question explorer for students (and admins): the
 * subjects, topics and years there are, the count per topic and year, a page of questions
 * without their keys, and one answer at a time, graded and kept.
 */
export function createPyqRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("student", "admin"))
    .get("/filters", async (c) => c.json(await getPyqFilters(db)))
    .get("/trend", validate("query", pyqFilterSchema), async (c) =>
      c.json(await getPyqTrend(db, { filter: c.req.valid("query") })),
    )
    .get("/questions", validate("query", pyqListQuerySchema), async (c) =>
      c.json(await listPyqQuestions(db, { viewer: viewerOf(c), query: c.req.valid("query") })),
    )
    .post("/answers", validate("json", pyqAnswerSchema), async (c) => {
      const input = c.req.valid("json");
      const result = await answerPyqQuestion(db, { viewer: viewerOf(c), ...input });
      return c.json(result, result.firstAnswer ? 201 : 200);
    });
}
