import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import type { Db } from "../db/client.ts";
import { session } from "../db/schema/auth.ts";
import type { AppEnv } from "../lib/context.ts";
import { deviceCookieWith, readDeviceUsers } from "../lib/referral-device.ts";
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
  /** The per-process viewer cache (decision 023), told when sessions end. */
  viewers?: { clear(): void; forgetUser(userId: string): void };
  /**
   * Told the accounts a browser's device cookie lists once one more signed in on it (refer and
   * earn's self-referral signal, decision 058).
   */
  onDeviceSignIn?: (userIds: string[]) => Promise<void>;
};

type ErrorBody = { code?: string; message?: string };

const isInvalidPassword = (status: number, body: ErrorBody) =>
  status === 400 && body.code === "INVALID_PASSWORD";

/** Endpoints that check a password, and how a wrong one shows in better-auth's answer. */
const PASSWORD_CHECKS: Record<
  string,
  { by: "email" | "session"; isWrong: (status: number, body: ErrorBody) => boolean }
> = {
  "/sign-in/email": { by: "email", isWrong: (status) => status === 401 },
  "/verify-password": { by: "session", isWrong: isInvalidPassword },
  "/change-password": { by: "session", isWrong: isInvalidPassword },
  "/two-factor/enable": { by: "session", isWrong: isInvalidPassword },
  "/two-factor/disable": { by: "session", isWrong: isInvalidPassword },
  "/two-factor/get-totp-uri": { by: "session", isWrong: isInvalidPassword },
};

/**
 * Endpoints that end or replace sessions once they succeed, and which cached viewers that drops
 * (decision 029): the signed-in user's for those that act on the caller's own sessions (nothing
 * when the request carried no live session, so an anonymous sign-out drops nothing), everyone's
 * after a password reset, whose single-use token names the account only inside better-auth.
 * Nothing else touches the cache.
 */
const SESSION_CHANGES: Record<string, "caller" | "all"> = {
  "/sign-out": "caller",
  "/revoke-session": "caller",
  "/revoke-sessions": "caller",
  "/revoke-other-sessions": "caller",
  "/change-password": "caller",
  "/two-factor/enable": "caller",
  "/two-factor/disable": "caller",
  "/two-factor/verify-totp": "caller",
  "/reset-password": "all",
};

/**
 * Answers that sign an account in on this browser: the device cookie remembers it (decision 058).
 */
const SIGNS_IN = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/** The media types better-auth reads as JSON (`application/json`, `application/*+json`). */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json$/i;

export const JSON_ONLY_MESSAGE =
  "Send this request as JSON (Content-Type: application/json); other body formats are not accepted.";

/**
 * Mounts better-auth under /api/auth and rewrites its error bodies into the app's single error
 * shape, so the client reads every failure the same way. Password checks are also limited per
 * account (failures counted in the database, so across instances), on top of better-auth's
 * per-address limit: many addresses guessing one account's password are stopped too. Bodies are
 * JSON only (decision 029): better-auth would also read forms, which the throttle would have to
 * parse the same way; one format means the throttle reads exactly what better-auth reads.
 */
export function createAuthRoutes(deps: AuthRoutesDeps) {
  const { auth, db } = deps;
  const policy = deps.throttle ?? DEFAULT_THROTTLE_POLICY;

  /** The user of the request's live session, from its signed cookie, or null. */
  async function sessionUserId(request: Request): Promise<string | null> {
    const token = verifySessionCookie(request.headers.get("cookie") ?? undefined, deps.secret, {
      secure: deps.secureCookies,
    });
    if (!token) return null;
    const [row] = await db
      .select({ userId: session.userId })
      .from(session)
      .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
    return row?.userId ?? null;
  }

  async function emailKey(request: Request): Promise<string | null> {
    const body = (await request
      .clone()
      .json()
      .catch(() => null)) as { email?: unknown } | null;
    return typeof body?.email === "string" && body.email ? accountKey.email(body.email) : null;
  }

  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const request = c.req.raw;
    if (request.body !== null && !JSON_MEDIA_TYPE.test(mediaType(request))) {
      return errorResponse(415, "UNSUPPORTED_MEDIA_TYPE", JSON_ONLY_MESSAGE, new Headers());
    }
    const path = c.req.path.slice("/api/auth".length);
    const check = c.req.method === "POST" ? PASSWORD_CHECKS[path] : undefined;
    const change = c.req.method === "POST" ? SESSION_CHANGES[path] : undefined;
    const userId =
      check?.by === "session" || change === "caller" ? await sessionUserId(request) : null;
    const key = !check
      ? null
      : check.by === "email"
        ? await emailKey(request)
        : userId && accountKey.user(userId);
    if (key) {
      const wait = await getLockSeconds(db, key, new Date());
      if (wait > 0) return lockedOut(wait);
    }

    const response = await auth.handler(request);
    if (response.status >= 200 && response.status < 300) {
      if (change === "all") deps.viewers?.clear();
      else if (change === "caller" && userId) deps.viewers?.forgetUser(userId);
    }
    if (key && response.status === 200) await clearFailures(db, key);
    if (response.status === 200 && c.req.method === "POST" && SIGNS_IN.has(path)) {
      return rememberDevice(request, response, deps);
    }
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

/**
 * Adds the signed-in account to the browser's device cookie (lib/referral-device.ts), so a code
 * of an account that signed in here is refused at a later sign-up here (self-referral).
 */
async function rememberDevice(request: Request, response: Response, deps: AuthRoutesDeps) {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { token?: unknown; user?: { id?: unknown } } | null;
  const userId = body?.user?.id;
  if (typeof userId !== "string" || typeof body?.token !== "string") return response;
  const known = readDeviceUsers(request.headers.get("cookie"), deps.secret);
  if (deps.onDeviceSignIn && known.some((id) => id !== userId)) {
    await deps.onDeviceSignIn([...new Set([...known, userId])]);
  }
  const headers = new Headers(response.headers);
  headers.append(
    "set-cookie",
    deviceCookieWith(request.headers.get("cookie"), userId, {
      secret: deps.secret,
      secure: deps.secureCookies,
    }),
  );
  return new Response(response.body, { status: response.status, headers });
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
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
