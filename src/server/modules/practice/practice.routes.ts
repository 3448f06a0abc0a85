import { Hono } from "hono";
import { practiceRequestSchema } from "../../../shared/practice.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import { getPracticeOptions, listMyPractice } from "./practice.service.ts";
import { buildPractice } from "./practice-builder.ts";

/**
 * Custom practice tests (decision 041): GET /api/practice/options (the builder's choices),
 * GET /api/practice (the student's tests), POST /api/practice (build one). Starting and taking
 * a test are the engine's routes (/api/practice/:id/overview, /api/practice/:id/attempts).
 */
export function createPracticeRoutes(db: Db) {
  const takers = requireRole("student", "admin");
  return new Hono<AppEnv>()
    .get("/options", takers, async (c) =>
      c.json(await getPracticeOptions(db, { viewer: viewerOf(c) })),
    )
    .get("/", takers, async (c) => c.json(await listMyPractice(db, viewerOf(c).userId)))
    .post("/", takers, validate("json", practiceRequestSchema), async (c) =>
      c.json(await buildPractice(db, { viewer: viewerOf(c), request: c.req.valid("json") }), 201),
    );
}
