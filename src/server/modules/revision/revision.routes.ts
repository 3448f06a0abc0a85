import { Hono } from "hono";
import { z } from "zod";
import { revisionCardsQuerySchema, saveRevisionCardSchema } from "../../../shared/revision.ts";
import type { Db } from "../../db/client.ts";
import { timeZoneQuerySchema } from "../../lib/calendar.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import {
  getRevisionSummary,
  listAttemptCardIds,
  listRevisionCards,
  removeRevisionCard,
  resetRevisionCard,
  saveRevisionCard,
} from "./revision-cards.ts";
import { createRevisionSession } from "./revision-sessions.ts";

const questionParamSchema = z.object({ questionId: z.uuid() });
const attemptParamSchema = z.object({ attemptId: z.uuid() });

/**
 * The revision notebook (decision 041), the signed-in student's own cards only:
 * GET /api/revision/summary (?tz=), GET /api/revision/cards (filters, paged),
 * POST /api/revision/cards ("Save for revision"), DELETE /api/revision/cards/:questionId
 * ("Remove"), POST /api/revision/cards/:questionId/reset ("Reset schedule"),
 * GET /api/revision/attempts/:attemptId/cards (the review's toggles) and
 * POST /api/revision/sessions ("Start today's revision"; the session then runs on the engine's
 * /api/revision/:id/overview and /api/revision/:id/attempts).
 */
export function createRevisionRoutes(db: Db) {
  const student = requireRole("student");
  return new Hono<AppEnv>()
    .get("/summary", student, validate("query", timeZoneQuerySchema), async (c) =>
      c.json(
        await getRevisionSummary(db, {
          userId: viewerOf(c).userId,
          timeZone: c.req.valid("query").tz,
          now: new Date(),
        }),
      ),
    )
    .get("/cards", student, validate("query", revisionCardsQuerySchema), async (c) =>
      c.json(
        await listRevisionCards(db, {
          userId: viewerOf(c).userId,
          query: c.req.valid("query"),
          now: new Date(),
        }),
      ),
    )
    .post("/cards", student, validate("json", saveRevisionCardSchema), async (c) =>
      c.json(
        await saveRevisionCard(db, {
          userId: viewerOf(c).userId,
          questionId: c.req.valid("json").questionId,
          now: new Date(),
        }),
      ),
    )
    .delete("/cards/:questionId", student, validate("param", questionParamSchema), async (c) =>
      c.json(
        await removeRevisionCard(db, {
          userId: viewerOf(c).userId,
          questionId: c.req.valid("param").questionId,
        }),
      ),
    )
    .post("/cards/:questionId/reset", student, validate("param", questionParamSchema), async (c) =>
      c.json(
        await resetRevisionCard(db, {
          userId: viewerOf(c).userId,
          questionId: c.req.valid("param").questionId,
          now: new Date(),
        }),
      ),
    )
    .get("/attempts/:attemptId/cards", student, validate("param", attemptParamSchema), async (c) =>
      c.json(
        await listAttemptCardIds(db, {
          userId: viewerOf(c).userId,
          attemptId: c.req.valid("param").attemptId,
        }),
      ),
    )
    .post("/sessions", student, validate("query", timeZoneQuerySchema), async (c) =>
      c.json(
        await createRevisionSession(db, {
          viewer: viewerOf(c),
          now: new Date(),
          timeZone: c.req.valid("query").tz,
        }),
      ),
    );
}
