import { Hono } from "hono";
import { isUiLanguage } from "../../../shared/i18n/languages.ts";
import { questionLanguageSchema, uiLanguageSchema } from "../../../shared/quizzes.ts";
import type { Auth } from "../../auth/auth.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireAuth, viewerOf } from "../../lib/guards.ts";
import { openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { getProfile, updateQuestionLanguage, updateUiLanguage } from "./account.service.ts";

export function createAccountRoutes(db: Db, auth: Auth) {
  return (
    new Hono<AppEnv>()
      .put("/question-language", requireAuth, validate("json", questionLanguageSchema), async (c) =>
        c.json(
          await updateQuestionLanguage(db, {
            userId: viewerOf(c).userId,
            language: c.req.valid("json").language,
          }),
        ),
      )
      .put("/language", requireAuth, validate("json", uiLanguageSchema), async (c) =>
        c.json(
          await updateUiLanguage(db, {
            userId: viewerOf(c).userId,
            language: c.req.valid("json").language,
          }),
        ),
      )
      // The session: an admin must be able to sign in and switch maintenance off. A visitor (no
      // session, or one that ended) gets null, not a 401: asking who is signed in is no error,
      // and a 401 on every public page was a failed request in each visitor's console.
      .get("/me", openDuringMaintenance, async (c) => {
        const viewer = c.get("viewer");
        if (!viewer) return c.json(null);
        // better-auth rolls the session's expiry forward here (and may set a fresh cookie).
        const refreshed = await auth.api.getSession({
          headers: c.req.raw.headers,
          returnHeaders: true,
        });
        for (const cookie of refreshed.headers?.getSetCookie() ?? [])
          c.header("set-cookie", cookie, { append: true });
        const profile = await getProfile(db, viewer.userId);
        return c.json({
          user: {
            id: viewer.userId,
            email: viewer.email,
            emailVerified: viewer.emailVerified,
            // Authenticator codes at sign-in (decision 029); the admin dashboard asks until it is on.
            twoFactorEnabled: refreshed.response?.user.twoFactorEnabled === true,
          },
          profile: profile && {
            id: profile.id,
            fullName: profile.fullName,
            email: viewer.email,
            role: profile.role,
            mobileNumber: profile.mobileNumber,
            address: profile.address,
            dateOfBirth: profile.dateOfBirth,
            profilePhotoUrl: profile.profilePhotoUrl,
            questionLanguage: profile.questionLanguage === "hi" ? ("hi" as const) : ("en" as const),
            uiLanguage: isUiLanguage(profile.uiLanguage) ? profile.uiLanguage : null,
            updatedAt: profile.updatedAt.toISOString(),
          },
        });
      })
  );
}
