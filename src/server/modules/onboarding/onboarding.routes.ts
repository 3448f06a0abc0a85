import { Hono } from "hono";
import { targetExamSchema } from "../../../shared/onboarding-schemas.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import {
  claimOnboardingOffer,
  completeOnboarding,
  getOnboarding,
  skipOnboarding,
  updateTargetExam,
} from "./onboarding.service.ts";

/**
 * A new student's onboarding: the target exam here; the language and the daily goal
 * go through their own routes (PUT /api/account/language, PUT /api/home/study-goal). Only the
 * caller's own row is read or written: no route takes an id.
 */
export function createOnboardingRoutes(db: Db) {
  const student = requireRole("student");
  return (
    new Hono<AppEnv>()
      .get("/", student, async (c) => c.json(await getOnboarding(db, viewerOf(c).userId)))
      .put("/target", student, validate("json", targetExamSchema), async (c) =>
        c.json(
          await updateTargetExam(db, { userId: viewerOf(c).userId, input: c.req.valid("json") }),
        ),
      )
      // Any signed-in user may ask (the sign-in form does not know the role yet); only a student
      // who never saw it is offered it.
      .post("/offer", requireAuth, async (c) =>
        c.json({ offer: await claimOnboardingOffer(db, viewerOf(c).userId) }),
      )
      .post("/skip", student, async (c) => c.json(await skipOnboarding(db, viewerOf(c).userId)))
      .post("/complete", student, async (c) =>
        c.json(await completeOnboarding(db, viewerOf(c).userId)),
      )
  );
}
