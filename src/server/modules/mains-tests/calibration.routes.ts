import { Hono } from "hono";
import {
  agreementQuerySchema,
  moderationParamSchema,
  moderationSchema,
} from "../../../shared/mains-calibration-schemas.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { validate } from "../../lib/validate.ts";
import { paperAgreement } from "./agreement.ts";
import { testCalibration } from "./calibration.ts";
import { clearModeration, setModeration } from "./moderation.ts";

export type CalibrationDeps = { now: () => Date };

/**
 * The examiners' calibration, admins only (decision 063), mounted under /api/admin: a test's
 * agreement, moderation and turnaround; its moderation writes; agreement per paper across tests.
 */
export function createCalibrationRoutes(db: Db, { now }: CalibrationDeps) {
  const admin = requireRole("admin");
  return new Hono<AppEnv>()
    .get("/mains-calibration", admin, validate("query", agreementQuerySchema), async (c) =>
      c.json(await paperAgreement(db, { paper: c.req.valid("query").paper })),
    )
    .get("/mains-tests/:id/calibration", admin, validate("param", idParamSchema), async (c) =>
      c.json(await testCalibration(db, { testId: c.req.valid("param").id, now: now() })),
    )
    .put(
      "/mains-tests/:id/moderation",
      admin,
      validate("param", idParamSchema),
      validate("json", moderationSchema),
      async (c) =>
        c.json(
          await setModeration(db, {
            testId: c.req.valid("param").id,
            ...c.req.valid("json"),
            setBy: viewerOf(c).userId,
            now: now(),
          }),
        ),
    )
    .delete(
      "/mains-tests/:id/moderation/:mentorId",
      admin,
      validate("param", moderationParamSchema),
      async (c) => {
        const { id, mentorId } = c.req.valid("param");
        return c.json(await clearModeration(db, { testId: id, mentorId }));
      },
    );
}
