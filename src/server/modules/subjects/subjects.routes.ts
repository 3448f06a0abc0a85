import { Hono } from "hono";
import { pagedSearchQuerySchema } from "../../../shared/list-queries.ts";
import {
  subjectInputSchema,
  topicInputSchema,
  topicMergeSchema,
} from "../../../shared/taxonomy.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import {
  createSubject,
  createTopic,
  deleteSubject,
  deleteTopic,
  listSubjectOptions,
  listSubjects,
  mergeTopic,
  renameSubject,
  renameTopic,
} from "./subjects.service.ts";

/** GET /api/subjects: subjects and topics by name, for any signed-in user's filters. */
export function createSubjectRoutes(db: Db) {
  return new Hono<AppEnv>().get("/", requireAuth, async (c) =>
    c.json(await listSubjectOptions(db)),
  );
}

/** /api/admin/subjects: the taxonomy, its counts, and every change to it (admins only). */
export function createAdminSubjectRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", pagedSearchQuerySchema), async (c) =>
      c.json(await listSubjects(db, c.req.valid("query"))),
    )
    .post("/", validate("json", subjectInputSchema), async (c) =>
      c.json(await createSubject(db, c.req.valid("json")), 201),
    )
    .put(
      "/topics/:id",
      validate("param", idParamSchema),
      validate("json", topicInputSchema),
      async (c) =>
        c.json(await renameTopic(db, { id: c.req.valid("param").id, input: c.req.valid("json") })),
    )
    .delete("/topics/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteTopic(db, c.req.valid("param").id)),
    )
    .post(
      "/topics/:id/merge",
      validate("param", idParamSchema),
      validate("json", topicMergeSchema),
      async (c) =>
        c.json(
          await mergeTopic(db, {
            id: c.req.valid("param").id,
            targetTopicId: c.req.valid("json").targetTopicId,
          }),
        ),
    )
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", subjectInputSchema),
      async (c) =>
        c.json(
          await renameSubject(db, { id: c.req.valid("param").id, input: c.req.valid("json") }),
        ),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(await deleteSubject(db, c.req.valid("param").id)),
    )
    .post(
      "/:id/topics",
      validate("param", idParamSchema),
      validate("json", topicInputSchema),
      async (c) =>
        c.json(
          await createTopic(db, { subjectId: c.req.valid("param").id, input: c.req.valid("json") }),
          201,
        ),
    );
}
