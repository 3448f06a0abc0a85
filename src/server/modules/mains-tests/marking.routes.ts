import { Hono } from "hono";
import { z } from "zod";
import {
  claimMarkingSchema,
  MAINS_MARKING_MESSAGES,
  MARK_DRAFT_MAX_BYTES,
  markDraftSchema,
  reassignMarkingSchema,
} from "../../../shared/mains-marking-schemas.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { bodyLimit } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  claimMarking,
  getMark,
  markingQueue,
  markingWork,
  reassignMarking,
  releaseMark,
  saveMarkDraft,
  submitMark,
} from "./marking-desk.ts";

export type MarkingDeps = {
  /** The clock (tests move it). */
  now: () => Date;
};

const testParam = z.object({ testId: z.uuid() });
const markParam = z.object({ markId: z.uuid() });
const draftLimit = bodyLimit(MARK_DRAFT_MAX_BYTES, MAINS_MARKING_MESSAGES.draftTooLarge);

/**
 * Marking Mains test booklets (decision 063): the mentors' queue, claims, desk and marks under
 * /api/mentor/mains (mentors only: students and admins get 403, as at the evaluation desk), and
 * the admins' reassignment under /api/admin/mains-tests.
 */
export function createMarkingRoutes(db: Db, { now }: MarkingDeps) {
  const mentor = requireRole("mentor");
  const admin = requireRole("admin");

  const mentorRoutes = new Hono<AppEnv>()
    .get("/queue", mentor, async (c) =>
      c.json(await markingQueue(db, { viewer: viewerOf(c), now: now() })),
    )
    .post(
      "/tests/:testId/claim",
      mentor,
      validate("param", testParam),
      validate("json", claimMarkingSchema),
      async (c) =>
        c.json(
          await claimMarking(db, {
            viewer: viewerOf(c),
            testId: c.req.valid("param").testId,
            claim: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .get("/work", mentor, async (c) =>
      c.json(await markingWork(db, { viewer: viewerOf(c), now: now() })),
    )
    .get("/marks/:markId", mentor, validate("param", markParam), async (c) =>
      c.json(
        await getMark(db, { viewer: viewerOf(c), markId: c.req.valid("param").markId, now: now() }),
      ),
    )
    .put(
      "/marks/:markId",
      mentor,
      draftLimit,
      validate("param", markParam),
      validate("json", markDraftSchema),
      async (c) =>
        c.json(
          await saveMarkDraft(db, {
            viewer: viewerOf(c),
            markId: c.req.valid("param").markId,
            draft: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .post(
      "/marks/:markId/submit",
      mentor,
      draftLimit,
      validate("param", markParam),
      validate("json", markDraftSchema),
      async (c) =>
        c.json(
          await submitMark(db, {
            viewer: viewerOf(c),
            markId: c.req.valid("param").markId,
            draft: c.req.valid("json"),
            now: now(),
          }),
        ),
    )
    .post("/marks/:markId/release", mentor, validate("param", markParam), async (c) =>
      c.json(
        await releaseMark(db, {
          viewer: viewerOf(c),
          markId: c.req.valid("param").markId,
          now: now(),
        }),
      ),
    );

  const adminRoutes = new Hono<AppEnv>().post(
    "/:testId/reassign",
    admin,
    validate("param", testParam),
    validate("json", reassignMarkingSchema),
    async (c) =>
      c.json(
        await reassignMarking(db, {
          testId: c.req.valid("param").testId,
          mentorId: c.req.valid("json").mentorId,
          now: now(),
        }),
      ),
  );

  return { mentorRoutes, adminRoutes };
}
