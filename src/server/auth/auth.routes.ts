import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema/auth.ts";
import type { AppEnv } from "../lib/context.ts";
import { verifySessionCookie } from "../lib/session.ts";
import {
  accountKey,
  clearFailures,
  DEFAULT_THROTTLE_POLICY,
  formatWait,
  getLockSeconds,
  recordFailure,
  type ThrottlePolicy,
} from "./account-throttle.ts";
import type { Auth } from "./auth.ts";

export type AuthRoutesDeps = {
  auth: Auth;
  db: Db;
  secret: string;
  secureCookies: boolean;
  throttle?: ThrottlePolicy;
};

type ErrorBody = { code?: string; message?: string };

/** Endpoints that check a password, and how a wrong one shows in better-auth's answer. */
const PASSWORD_CHECKS: Record<
  string,
  { by: "email" | "session"; isWrong: (status: number, body: ErrorBody) => boolean }
> = {
  "/sign-in/email": { by: "email", isWrong: (status) => status === 401 },
  "/verify-password": {
    by: "session",
    isWrong: (status, body) => status === 400 && body.code === "INVALID_PASSWORD",
  },
  "/change-password": {
    by: "session",
    isWrong: (status, body) => status === 400 && body.code === "INVALID_PASSWORD",
  },
};

/**
 * Mounts better-auth under /api/auth and rewrites its error bodies into the app's single error
 * shape, so the client reads every failure the same way. Password checks are also limited per
 * account (failures counted in the database, so across instances), on top of better-auth's
 * per-address limit: many addresses guessing one account's password are stopped too.
 */
export function createAuthRoutes(deps: AuthRoutesDeps) {
  const { auth, db } = deps;
  const policy = deps.throttle ?? DEFAULT_THROTTLE_POLICY;

  async function accountOf(request: Request, by: "email" | "session"): Promise<string | null> {
    if (by === "email") {
      const body = (await request
        .clone()
        .json()
        .catch(() => null)) as { email?: unknown } | null;
      return typeof body?.email === "string" && body.email ? accountKey.email(body.email) : null;
    }
    const token = verifySessionCookie(request.headers.get("cookie") ?? undefined, deps.secret, {
      secure: deps.secureCookies,
    });
    if (!token) return null;
    const [row] = await db
      .select({ userId: session.userId })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
    return row ? accountKey.user(row.userId) : null;
  }

  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const check =
      c.req.method === "POST" ? PASSWORD_CHECKS[c.req.path.slice("/api/auth".length)] : undefined;
    const key = check ? await accountOf(c.req.raw, check.by) : null;
    if (key) {
      const wait = await getLockSeconds(db, key, new Date());
      if (wait > 0) return lockedOut(wait);
    }

    const response = await auth.handler(c.req.raw);
    if (key && response.status === 200) await clearFailures(db, key);
    if (response.ok || !response.headers.get("content-type")?.includes("application/json")) {
      return response;
    }
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    if (key && check?.isWrong(response.status, body)) {
      await recordFailure(db, key, new Date(), policy);
    }
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    if (response.status === 429) {
      // better-auth's per-address limit; it says when the window reopens.
      const wait = Number(response.headers.get("x-retry-after")) || 60;
      headers.set("Retry-After", String(wait));
      return errorResponse(429, "RATE_LIMITED", tooManyAttempts(wait), headers);
    }
    return errorResponse(
      response.status,
      body.code ?? `HTTP_${response.status}`,
      body.message ?? "Request failed.",
      headers,
    );
  });
}

export function tooManyAttempts(seconds: number): string {
  return `Too many attempts. Please wait ${formatWait(seconds)} and try again.`;
}

export function accountLockedMessage(seconds: number): string {
  return `Too many wrong passwords for this account. Please wait ${formatWait(seconds)} and try again, or reset your password.`;
}

function lockedOut(seconds: number): Response {
  const headers = new Headers({ "Retry-After": String(seconds) });
  return errorResponse(429, "RATE_LIMITED", accountLockedMessage(seconds), headers);
}

function errorResponse(status: number, code: string, message: string, headers: Headers) {
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ error: { code, message } }), { status, headers });
}
