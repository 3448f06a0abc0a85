import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { timeZoneQuerySchema } from "../../lib/calendar.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { getStudentProgress } from "./progress.ts";
import { getAttemptReport } from "./report.ts";

const attemptParamSchema = z.object({ attemptId: z.uuid() });

/**
 * The student's analysis (decision 037): GET /api/attempts/:attemptId/analysis (the
 * diagnostic report of a completed attempt: its owner and admins) and GET /api/student/progress
 * (My Progress, the student's own attempts).
 */
export function createAnalysisRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get(
      "/attempts/:attemptId/analysis",
      requireRole("student", "admin"),
      validate("param", attemptParamSchema),
      async (c) =>
        c.json(
          await getAttemptReport(db, {
            viewer: viewerOf(c),
            attemptId: c.req.valid("param").attemptId,
          }),
        ),
    )
    .get(
      "/student/progress",
      requireRole("student"),
      validate("query", timeZoneQuerySchema),
      async (c) =>
        c.json(
          await getStudentProgress(db, {
            userId: viewerOf(c).userId,
            timeZone: c.req.valid("query").tz,
          }),
        ),
    );
}
