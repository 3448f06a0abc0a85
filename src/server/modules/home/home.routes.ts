import { Hono } from "hono";
import { mockTestsQuerySchema } from "../../../shared/list-queries.ts";
import { studyGoalSchema } from "../../../shared/study-goal.ts";
import type { Db } from "../../db/client.ts";
import { timeZoneQuerySchema } from "../../lib/calendar.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { listHomeQuizzes } from "../quizzes/quiz-list.service.ts";
import { getDashboard, listSampleQuestions } from "./dashboard.ts";
import {
  getStudyStreak,
  listMockTests,
  listPreviousYearPapers,
  listResumableAttempts,
  updateStudyGoal,
} from "./home.service.ts";

/**
 * The home page's lists and sample questions (public), the signed-in student's streak and
 * resumable attempts, and the student dashboard's figures in one answer.
 */
export function createHomeRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get("/quizzes", async (c) =>
      c.json(await listHomeQuizzes(db, { userId: c.get("viewer")?.userId ?? null })),
    )
    .get("/previous-year-papers", async (c) => c.json(await listPreviousYearPapers(db)))
    .get("/mock-tests", validate("query", mockTestsQuerySchema), async (c) =>
      c.json(await listMockTests(db, c.req.valid("query").section)),
    )
    .get("/study-streak", requireAuth, validate("query", timeZoneQuerySchema), async (c) =>
      c.json(
        await getStudyStreak(db, { userId: viewerOf(c).userId, timeZone: c.req.valid("query").tz }),
      ),
    )
    .put("/study-goal", requireAuth, validate("json", studyGoalSchema), async (c) =>
      c.json(
        await updateStudyGoal(db, { userId: viewerOf(c).userId, hours: c.req.valid("json").hours }),
      ),
    )
    .get("/sample-questions", async (c) => c.json(await listSampleQuestions(db)))
    .get("/dashboard", requireRole("student"), validate("query", timeZoneQuerySchema), async (c) =>
      c.json(
        await getDashboard(db, { userId: viewerOf(c).userId, timeZone: c.req.valid("query").tz }),
      ),
    )
    .get("/resume", requireAuth, async (c) =>
      c.json(await listResumableAttempts(db, { userId: viewerOf(c).userId })),
    );
}
