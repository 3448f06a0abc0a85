import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client.ts";
import { session, user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import { perDatabase } from "../fast-path/prepared-sql.ts";
import type { AppEnv, Viewer } from "./context.ts";

/**
 * better-auth's session cookie name. With secure cookies only the `__Secure-` one is read (as
 * better-auth itself does): the unprefixed name could be planted over plain http or by a sibling
 * subdomain, which the prefix rules out.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Secure-better-auth.session_token" : "better-auth.session_token";
}

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The session cookie's signed value (`token.signature`, URL-decoded), not yet verified. */
function readSignedSessionCookie(
  cookieHeader: string | undefined,
  options: { secure: boolean },
): string | null {
  if (!cookieHeader) return null;
  const raw = readCookie(cookieHeader, sessionCookieName(options.secure));
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The token of a signed value when its signature matches, else null. */
function verifySignedValue(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected)
    ? token
    : null;
}

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`,
 * URL-encoded), or null when it is missing or its signature does not match.
 */
export function verifySessionCookie(
  cookieHeader: string | undefined,
  secret: string,
  options: { secure: boolean },
): string | null {
  const value = readSignedSessionCookie(cookieHeader, options);
  return value === null ? null : verifySignedValue(value, secret);
}

/** How long a resolved viewer may be reused in one process (decision 023). */
export const VIEWER_CACHE_TTL_MS = 5_000;

export type ViewerCache = ReturnType<typeof createViewerCache>;

/**
 * Viewers resolved in the last `ttlMs`, keyed by the verified signed session cookie, so a student saving
 * one answer per request does not read the session on every click (decision 023). An entry is
 * used only while it is younger than `ttlMs` and its session has not expired. `clear()` (sign-out,
 * revocations, password changes, role changes in this process) and `forgetUser()` (profile edits)
 * act at once; a lookup that started before a clear does not store its result, so a request in
 * flight during a sign-out cannot put the revoked session back. Changes made by another process
 * (another instance, the CLI on PostgreSQL) show here after at most `ttlMs`.
 */
export function createViewerCache(
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? VIEWER_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? 50_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { viewer: Viewer; at: number; expiresAt: number }>();
  let generation = 0;
  return {
    get(token: string): Viewer | null {
      const entry = entries.get(token);
      if (!entry) return null;
      const at = now();
      if (at - entry.at < ttlMs && at < entry.expiresAt) return entry.viewer;
      entries.delete(token);
      return null;
    },
    /** Where a lookup starts: `set` ignores its result if the cache was cleared since. */
    generation: () => generation,
    set(token: string, viewer: Viewer, expiresAt: Date, since: number) {
      if (ttlMs <= 0 || since !== generation) return;
      entries.delete(token);
      // Oldest first (insertion order): dropping the first entry drops the oldest.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, { viewer, at: now(), expiresAt: expiresAt.getTime() });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    forgetUser(userId: string) {
      generation += 1;
      for (const [token, entry] of entries)
        if (entry.viewer.userId === userId) entries.delete(token);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Resolves the viewer once per request with one query (session + user + profile role), or from
 * `cache` when this token was resolved in the last few seconds. This is the hot path of every API
 * call (an exam saves one answer per request), so it reads better-auth's tables directly instead
 * of going through its full getSession; GET /api/account/me still calls better-auth, which also
 * rolls the session's expiry forward. See decisions 007 and 023.
 */
export function loadViewer(
  db: Db,
  secret: string,
  options: { secureCookies: boolean; cache?: ViewerCache },
) {
  const resolve = viewerResolver(db, secret, options);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", await resolve(c.req.header("cookie")));
    await next();
  });
}

/**
 * The viewer of a request's Cookie header (null: signed out, or a cookie that does not verify),
 * as `loadViewer` resolves it: for the middleware and for the answer save's direct path
 * (decision 053), so both read sessions the same way.
 */
export function viewerResolver(
  db: Db,
  secret: string,
  options: { secureCookies: boolean; cache?: ViewerCache },
) {
  const cookie = { secure: options.secureCookies };
  const cache = options.cache;
  return async (cookieHeader: string | undefined): Promise<Viewer | null> => {
    const signed = readSignedSessionCookie(cookieHeader, cookie);
    if (signed === null) return null;
    // Keyed by the whole signed value: an entry exists only for a value whose signature was
    // checked, so a hit skips the HMAC as well as the query (decision 027).
    const cached = cache?.get(signed);
    if (cached) return cached;
    const token = verifySignedValue(signed, secret);
    if (!token) return null;
    const since = cache?.generation() ?? 0;
    const found = await findViewer(db, token);
    if (!found) return null;
    cache?.set(signed, found.viewer, found.expiresAt, since);
    return found.viewer;
  };
}

/**
 * The session + user + profile read, prepared once per database handle (a named statement on
 * PostgreSQL): on exam day most requests of a student arrive more than the cache's 5 s apart, so
 * this runs on a good share of answer saves (decision 027).
 */
const viewerRead = perDatabase((db) =>
  db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      fullName: profiles.fullName,
      role: profiles.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(
      and(
        eq(session.token, sql.placeholder("token")),
        gt(session.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("viewer_by_session_token"),
);

async function findViewer(
  db: Db,
  token: string,
): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
  const [row] = await viewerRead(db).execute({ token, now: new Date() });
  if (!row) return null;
  const { expiresAt, ...viewer } = row;
  return { viewer: { ...viewer, role: viewer.role ?? "student" }, expiresAt };
}
