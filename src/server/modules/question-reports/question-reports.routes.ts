import { Hono } from "hono";
import { z } from "zod";
import { paginationQuerySchema } from "../../../shared/pagination.ts";
import {
  reportInputSchema,
  reportQueueQuerySchema,
  reportStatesQuerySchema,
  resolveInputSchema,
} from "../../../shared/question-report-schemas.ts";
import { REPORT_MESSAGES, RESOLVE_BODY_MAX_BYTES } from "../../../shared/question-reports.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { bodyLimit } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  createReport,
  getMyReport,
  listMyReports,
  reportStates,
} from "./question-reports.service.ts";
import { listReportQueue } from "./report-queue.ts";
import { type ResolveDeps, resolveReports } from "./resolve-reports.ts";

/**
 * /api/question-reports (decision 064): a student's "Report an error" on a question the key
 * gate opens to them, their own reports ("My error reports") and the state of each reviewed
 * question's report (the review's buttons ask for a page of questions at once).
 */
export function createQuestionReportRoutes(db: Db, deps: { now: () => Date }) {
  return new Hono<AppEnv>()
    .use(requireRole("student"))
    .post("/", validate("json", reportInputSchema), async (c) =>
      c.json(
        await createReport(db, {
          viewer: viewerOf(c),
          input: c.req.valid("json"),
          now: deps.now(),
        }),
        201,
      ),
    )
    .get("/", validate("query", paginationQuerySchema), async (c) =>
      c.json(
        await listMyReports(db, {
          viewer: viewerOf(c),
          query: c.req.valid("query"),
          now: deps.now(),
        }),
      ),
    )
    .get("/states", validate("query", reportStatesQuerySchema), async (c) =>
      c.json(
        await reportStates(db, {
          viewer: viewerOf(c),
          questionIds: c.req.valid("query").questionIds,
          now: deps.now(),
        }),
      ),
    )
    .get("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await getMyReport(db, {
          viewer: viewerOf(c),
          id: c.req.valid("param").id,
          now: deps.now(),
        }),
      ),
    );
}

const questionParamSchema = z.object({ questionId: z.uuid() });

/**
 * /api/admin/question-reports: the queue (open reports by question with the SLA clock, or the
 * answered ones) and the answer to a question's open reports, all at once.
 */
export function createAdminQuestionReportRoutes(db: Db, deps: ResolveDeps) {
  return new Hono<AppEnv>()
    .use(requireRole("admin"))
    .get("/", validate("query", reportQueueQuerySchema), async (c) =>
      c.json(
        await listReportQueue(db, {
          viewer: viewerOf(c),
          query: c.req.valid("query"),
          now: deps.now(),
        }),
      ),
    )
    .post(
      "/questions/:questionId/resolve",
      bodyLimit(RESOLVE_BODY_MAX_BYTES, REPORT_MESSAGES.tooLarge),
      validate("param", questionParamSchema),
      validate("json", resolveInputSchema),
      async (c) =>
        c.json(
          await resolveReports(db, {
            deps,
            actorId: viewerOf(c).userId,
            questionId: c.req.valid("param").questionId,
            input: c.req.valid("json"),
            now: deps.now(),
          }),
        ),
    );
}
