import { createMiddleware } from "hono/factory";
import { API_MESSAGES } from "../../shared/api-messages.ts";
import type { Role } from "../../shared/constants.ts";
import { AppError } from "./app-error.ts";
import type { AppEnv, Viewer } from "./context.ts";

/** Requires a session; 401 otherwise. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("viewer")) throw new AppError("UNAUTHENTICATED", API_MESSAGES.loginRequired);
  await next();
});

/** Requires a session whose profile role is one of `roles`; 403 otherwise. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    viewerInRole(c.get("viewer"), roles);
    await next();
  });
}

/** requireRole's check (also the direct routes', decision 053): the viewer, or the 401 or 403. */
export function viewerInRole(viewer: Viewer | null, roles: readonly Role[]): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", API_MESSAGES.loginRequired);
  if (!roles.includes(viewer.role)) throw new AppError("FORBIDDEN", API_MESSAGES.forbidden);
  return viewer;
}

/** For handlers behind requireAuth: the viewer, typed as present. */
export function viewerOf(c: { get: (key: "viewer") => Viewer | null }): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("UNAUTHENTICATED", API_MESSAGES.loginRequired);
  return viewer;
}
