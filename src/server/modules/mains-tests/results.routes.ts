import { Hono } from "hono";
import {
  mainsResultsListQuerySchema,
  mainsResultsTimeSchema,
  mainsSharingSchema,
  reevaluationRequestSchema,
} from "../../../shared/mains-results-schemas.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { requestReevaluation } from "./reevaluation.ts";
import { publishResults, setResultsTime } from "./results.ts";
import { getAdminResults } from "./results-admin.ts";
import { getMainsProgress } from "./results-progress.ts";
import { getStudentResult, setSharing } from "./results-student.ts";

export type MainsResultDeps = {
  /** The server's clock (decision 049). */
  now: () => Date;
};

/**
 * A Mains test's results (decision 063), mounted at /api: the student's marks page, sharing
 * consent, re-evaluation and series progress under /mains-tests; the admins' results desk,
 * publication and results time under /admin/mains-tests.
 */
export function createMainsResultRoutes(db: Db, { now }: MainsResultDeps) {
  const student = requireRole("student");
  const admin = requireRole("admin");
  return new Hono<AppEnv>()
    .get("/mains-tests/progress", student, async (c) =>
      c.json(await getMainsProgress(db, { userId: viewerOf(c).userId })),
    )
    .get("/mains-tests/:id/result", student, validate("param", idParamSchema), async (c) =>
      c.json(
        await getStudentResult(db, {
          userId: viewerOf(c).userId,
          testId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    )
    .put(
      "/mains-tests/:id/sharing",
      student,
      validate("param", idParamSchema),
      validate("json", mainsSharingSchema),
      async (c) =>
        c.json(
          await setSharing(db, {
            userId: viewerOf(c).userId,
            testId: c.req.valid("param").id,
            ...c.req.valid("json"),
          }),
        ),
    )
    .post(
      "/mains-tests/:id/reevaluation",
      student,
      validate("param", idParamSchema),
      validate("json", reevaluationRequestSchema),
      async (c) =>
        c.json(
          await requestReevaluation(db, {
            userId: viewerOf(c).userId,
            testId: c.req.valid("param").id,
            items: c.req.valid("json").items,
            now: now(),
          }),
          201,
        ),
    )
    .get(
      "/admin/mains-tests/:id/results",
      admin,
      validate("param", idParamSchema),
      validate("query", mainsResultsListQuerySchema),
      async (c) =>
        c.json(
          await getAdminResults(db, {
            testId: c.req.valid("param").id,
            query: c.req.valid("query"),
            now: now(),
          }),
        ),
    )
    .post(
      "/admin/mains-tests/:id/results/publish",
      admin,
      validate("param", idParamSchema),
      async (c) =>
        c.json(await publishResults(db, { testId: c.req.valid("param").id, now: now() })),
    )
    .put(
      "/admin/mains-tests/:id/results-time",
      admin,
      validate("param", idParamSchema),
      validate("json", mainsResultsTimeSchema),
      async (c) => {
        const { resultsAt } = c.req.valid("json");
        return c.json(
          await setResultsTime(db, {
            testId: c.req.valid("param").id,
            resultsAt: resultsAt === null ? null : new Date(resultsAt),
          }),
        );
      },
    );
}
