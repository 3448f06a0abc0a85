import { Hono } from "hono";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { getKeyChangeLog } from "./key-change-log.ts";

/**
 * /api/exams/{id}/key-changes: a paper's public key-change log (decision 064), for anyone; what
 * changed is shown per question only where the answer-keys gate opens its key to the reader.
 * The id is an exam's (or live test's) or a quiz's.
 */
export function createKeyChangeRoutes(db: Db, options: { now: () => Date }) {
  return new Hono<AppEnv>().get(
    "/exams/:id/key-changes",
    validate("param", idParamSchema),
    async (c) =>
      c.json(
        await getKeyChangeLog(db, {
          paperId: c.req.valid("param").id,
          viewer: c.get("viewer"),
          now: options.now(),
        }),
      ),
  );
}
