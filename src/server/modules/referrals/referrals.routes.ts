import { Hono } from "hono";
import { z } from "zod";
import {
  adminReferralListQuerySchema,
  referralSettingsInputSchema,
} from "../../../shared/referrals.ts";
import { text } from "../../../shared/text.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { validate } from "../../lib/validate.ts";
import {
  getReferralSettings,
  saveReferralSettings,
  toSettingsDto,
} from "./referral-settings.service.ts";
import { getMyReferrals, listReferralsForAdmin, lookupReferralCode } from "./referrals.service.ts";

const codeParamSchema = z.object({ code: text().trim().min(1).max(40) });

/**
 * /api/referrals: the student's own code, link, referrals and credits, and the public lookup of
 * a register link's code (the inviter's first name only).
 */
export function createReferralRoutes(db: Db, deps: { publicUrl: string; now: () => Date }) {
  return new Hono<AppEnv>()
    .get("/me", requireRole("student"), async (c) =>
      c.json(
        await getMyReferrals(db, {
          userId: viewerOf(c).userId,
          publicUrl: deps.publicUrl,
          now: deps.now(),
        }),
      ),
    )
    .get("/codes/:code", validate("param", codeParamSchema), async (c) =>
      c.json(await lookupReferralCode(db, c.req.valid("param").code)),
    );
}

/** /api/admin/referrals: every referral (filter, search, pages) and the programme's settings. */
export function createAdminReferralRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", validate("query", adminReferralListQuerySchema), async (c) =>
      c.json(await listReferralsForAdmin(db, { query: c.req.valid("query") })),
    )
    .get("/settings", async (c) => c.json(toSettingsDto(await getReferralSettings(db))))
    .put("/settings", validate("json", referralSettingsInputSchema), async (c) =>
      c.json(await saveReferralSettings(db, { input: c.req.valid("json"), now: new Date() })),
    );
}
