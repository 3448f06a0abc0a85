import { Hono } from "hono";
import { z } from "zod";
import {
  liveRegistrationSchema,
  liveTestInputSchema,
  liveTestListQuerySchema,
} from "../../../shared/live-test-schemas.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import type { LiveCache } from "./live-cache.ts";
import {
  deleteLiveTest,
  getLeaderboard,
  getLiveRoom,
  listLiveTests,
  listLiveTestsForAdmin,
  registerForLiveTest,
  scheduleLiveTest,
  updateLiveTest,
} from "./live-tests.ts";

const examParamSchema = z.object({ examId: z.uuid() });
const idParamSchema = z.object({ id: z.uuid() });

export type LiveTestDeps = { cache: LiveCache; now?: () => Date };

/**
 * /api/live-tests (decision 047): the list of live tests (public), the waiting room of one
 * (`GET /:examId`, served from the instance's cache), registration and the leaderboard. The
 * start is the engine's (`POST /api/live-tests/:examId/attempts`, attempts.routes.ts).
 */
export function createLiveTestRoutes(db: Db, deps: LiveTestDeps) {
  const now = deps.now ?? (() => new Date());
  const takers = requireRole("student", "admin");
  return new Hono<AppEnv>()
    .get("/", async (c) =>
      c.json(await listLiveTests(db, { cache: deps.cache, viewer: c.get("viewer"), now: now() })),
    )
    .get("/:examId", takers, validate("param", examParamSchema), async (c) =>
      c.json(
        await getLiveRoom(db, {
          cache: deps.cache,
          viewer: viewerOf(c),
          examId: c.req.valid("param").examId,
          now: now(),
        }),
      ),
    )
    .post(
      "/:examId/registration",
      requireRole("student"),
      validate("param", examParamSchema),
      validate("json", liveRegistrationSchema),
      async (c) =>
        c.json(
          await registerForLiveTest(db, {
            cache: deps.cache,
            viewer: viewerOf(c),
            examId: c.req.valid("param").examId,
            input: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .get("/:examId/leaderboard", takers, validate("param", examParamSchema), async (c) =>
      c.json(await getLeaderboard(db, { cache: deps.cache, examId: c.req.valid("param").examId })),
    );
}

/** /api/admin/live-tests: scheduling an exam as a live test. */
export function createAdminLiveTestRoutes(db: Db, deps: LiveTestDeps) {
  const now = deps.now ?? (() => new Date());
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", liveTestListQuerySchema), async (c) =>
      c.json(await listLiveTestsForAdmin(db, { query: c.req.valid("query"), now: now() })),
    )
    .post("/", validate("json", liveTestInputSchema), async (c) =>
      c.json(
        await scheduleLiveTest(db, { cache: deps.cache, input: c.req.valid("json"), now: now() }),
        201,
      ),
    )
    .put(
      "/:id",
      validate("param", idParamSchema),
      validate("json", liveTestInputSchema),
      async (c) =>
        c.json(
          await updateLiveTest(db, {
            cache: deps.cache,
            examId: c.req.valid("param").id,
            input: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .delete("/:id", validate("param", idParamSchema), async (c) =>
      c.json(
        await deleteLiveTest(db, {
          cache: deps.cache,
          examId: c.req.valid("param").id,
          now: now(),
        }),
      ),
    );
}
