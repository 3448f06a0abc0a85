import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context.ts";
import { policyOf } from "./route-policy.ts";
import type { ViewerCache } from "./session.ts";

/**
 * After a successful change through a route that declared `refreshesViewers` (route-policy.ts,
 * decision 030), drops what the per-process viewer cache (decision 023) may hold from before it:
 * the caller's own viewer (`user`: a profile edit) or every viewer (`all`: the CLI channel
 * promoting an account or ending its sessions). Other requests leave the cache alone.
 */
export function refreshViewers(viewers: ViewerCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const rule = policyOf(c).refreshesViewers;
    if (!rule || !c.res.ok) return;
    if (rule === "all") return viewers.clear();
    const viewer = c.get("viewer");
    if (viewer) viewers.forgetUser(viewer.userId);
  });
}
