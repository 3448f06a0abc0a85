import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { regradeTarget } from "../attempts/regrade.ts";
import { getItemAnalysis } from "./item-analysis.ts";

const examParamSchema = z.object({ examId: z.uuid() });
const quizParamSchema = z.object({ quizId: z.uuid() });

/**
 * The admin's item analysis and regrade (decision 036), mounted under /api/admin:
 * GET /exams/:examId/analysis, GET /quizzes/:quizId/analysis,
 * POST /exams/:examId/regrade, POST /quizzes/:quizId/regrade. A regrade's time is the app's clock
 * (the test clock in a journey), like every other write's.
 */
export function createAdminAnalysisRoutes(db: Db, now: () => Date = () => new Date()) {
  const admin = requireRole("admin");
  return new Hono<AppEnv>()
    .get("/exams/:examId/analysis", admin, validate("param", examParamSchema), async (c) =>
      c.json(await getItemAnalysis(db, { kind: "exam", id: c.req.valid("param").examId })),
    )
    .get("/quizzes/:quizId/analysis", admin, validate("param", quizParamSchema), async (c) =>
      c.json(await getItemAnalysis(db, { kind: "quiz", id: c.req.valid("param").quizId })),
    )
    .post("/exams/:examId/regrade", admin, validate("param", examParamSchema), async (c) =>
      c.json(
        await regradeTarget(db, {
          ref: { kind: "exam", id: c.req.valid("param").examId },
          now: now(),
        }),
      ),
    )
    .post("/quizzes/:quizId/regrade", admin, validate("param", quizParamSchema), async (c) =>
      c.json(
        await regradeTarget(db, {
          ref: { kind: "quiz", id: c.req.valid("param").quizId },
          now: now(),
        }),
      ),
    );
}
