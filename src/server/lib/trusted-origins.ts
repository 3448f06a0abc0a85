import { createMiddleware } from "hono/factory";
import { AppError } from "./app-error.ts";
import type { AppEnv } from "./context.ts";

/**
 * The origins a browser may send state-changing requests from: PUBLIC_URL when it is set;
 * otherwise the loopback names on the app's port (opening http://127.0.0.1:3000 works as well as
 * http://localhost:3000); plus TRUSTED_ORIGINS (say, a LAN address to try the app on a phone).
 */
export function listTrustedOrigins(input: {
  publicUrl: string | undefined;
  port: number;
  extra: readonly string[];
}): string[] {
  const base = input.publicUrl
    ? [new URL(input.publicUrl).origin]
    : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${input.port}`);
  return [...new Set([...base, ...input.extra.map((o) => new URL(o).origin)])];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function untrustedOriginMessage(origin: string, trusted: readonly string[]): string {
  return `This request came from ${origin}, which this server does not trust (it accepts ${trusted.join(", ")}). Set PUBLIC_URL to the address you open the app at, or add this origin to TRUSTED_ORIGINS.`;
}

/**
 * CSRF defence for every state-changing /api request, better-auth's included: a browser always
 * sends Origin on POST/PUT/PATCH/DELETE, so a foreign one is refused. Without Origin, a browser
 * still says where the request came from in Sec-Fetch-Site; a request with neither is not from a
 * browser (curl, scripts) and carries no ambient cookies to abuse.
 */
export function requireTrustedOrigin(trusted: readonly string[]) {
  const check = originCheck(trusted);
  return createMiddleware<AppEnv>(async (c, next) => {
    check(c.req.method, c.req.header("origin"), c.req.header("sec-fetch-site"));
    await next();
  });
}

/**
 * requireTrustedOrigin's check (also the direct routes', decision 053): throws the 403 for a
 * state-changing request from an origin, or a page of a site, that is not trusted.
 */
export function originCheck(trusted: readonly string[]) {
  const allowed = new Set(trusted);
  return (method: string, origin: string | undefined, site: string | undefined) => {
    if (SAFE_METHODS.has(method)) return;
    if (origin !== undefined) {
      if (allowed.has(origin)) return;
      throw new AppError("FORBIDDEN", untrustedOriginMessage(origin, trusted));
    }
    if (site === undefined || site === "same-origin" || site === "none") return;
    throw new AppError("FORBIDDEN", untrustedOriginMessage(`a ${site} page`, trusted));
  };
}
