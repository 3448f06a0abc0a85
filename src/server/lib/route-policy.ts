import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { COMPOSED_HANDLER } from "hono/utils/constants";

/** How big a request body the route takes, and what it says when one is bigger. */
export type BodyLimitPolicy = { maxBytes: number; message: string };

/**
 * What a route declares about itself, next to its validator, for the app-wide middleware to read
 * (decision 030): no list of paths in `lib/` has to agree with the routes.
 */
export type RoutePolicy = {
  /** Its body limit; routes that declare none get the app's default (api-body-limit.ts). */
  bodyLimit?: BodyLimitPolicy;
  /** Answered during maintenance mode too (maintenance.ts). */
  openDuringMaintenance?: true;
  /**
   * What a successful change through it does to the per-process viewer cache (decision 023):
   * `user` forgets the caller's cached viewer, `all` empties the cache.
   */
  refreshesViewers?: "user" | "all";
  /** Answers with a stored file, so it gets the files' sandboxing CSP (security-headers.ts). */
  servesStoredFile?: true;
  /** Takes a file: counted against the caller's upload rate (files/upload-rate.ts). */
  countsAsUpload?: true;
};

const declarations = new WeakMap<object, RoutePolicy>();
const resolved = new WeakMap<Context, RoutePolicy>();

/**
 * A middleware that only declares: put it in a route's chain (or `.use()` it on a module) and the
 * app-wide middleware reads it through `policyOf`, whichever ran first. It does nothing itself.
 */
export function declare(policy: RoutePolicy): MiddlewareHandler {
  const handler: MiddlewareHandler = (_c, next) => next();
  declarations.set(handler, policy);
  return handler;
}

/** The route takes bodies up to `maxBytes` (it replaces the default, larger or smaller). */
export function bodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  return declare({ bodyLimit: { maxBytes, message } });
}

/** The route stays open while maintenance mode is on. */
export const openDuringMaintenance = declare({ openDuringMaintenance: true });

/**
 * What the route that will answer this request declared. Hono matches the whole chain (app-wide
 * middleware, the module's, the route's own handlers) before running any of it, so a middleware
 * that runs first can already read what a route further down declared. Along the chain, the first
 * declaration of each kind wins, as the first route to answer would.
 */
export function policyOf(c: Context): RoutePolicy {
  const known = resolved.get(c);
  if (known) return known;
  const policy: RoutePolicy = {};
  for (const route of matchedRoutes(c)) {
    // A module mounted with its own onError is wrapped; Hono keeps the original handler on it.
    const handler = route.handler as MiddlewareHandler & { [COMPOSED_HANDLER]?: object };
    const declared = declarations.get(handler) ?? declarations.get(handler[COMPOSED_HANDLER] ?? {});
    if (!declared) continue;
    for (const [key, value] of Object.entries(declared) as [keyof RoutePolicy, never][]) {
      if (policy[key] === undefined) policy[key] = value;
    }
  }
  resolved.set(c, policy);
  return policy;
}
