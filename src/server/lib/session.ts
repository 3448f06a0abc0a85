import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/auth.ts";
import type { Db } from "../db/client.ts";
import { profiles } from "../db/schema/profiles.ts";
import type { AppEnv } from "./context.ts";

/** Resolves the session cookie (verified by better-auth) and the profile's role, once. */
export function loadViewer(auth: Auth, db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", null);
    const cookie = c.req.header("cookie");
    if (cookie?.includes("session_token")) {
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (result) {
        const [profile] = await db
          .select({ role: profiles.role, fullName: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, result.user.id));
        c.set("viewer", {
          userId: result.user.id,
          email: result.user.email,
          emailVerified: result.user.emailVerified,
          fullName: profile?.fullName ?? null,
          role: profile?.role ?? "student",
          sessionId: result.session.id,
        });
      }
    }
    await next();
  });
}
