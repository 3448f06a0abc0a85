import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client.ts";
import { session, user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
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

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`,
 * URL-encoded), or null when it is missing or its signature does not match.
 */
export function verifySessionCookie(
  cookieHeader: string | undefined,
  secret: string,
  options: { secure: boolean },
): string | null {
  if (!cookieHeader) return null;
  const raw = readCookie(cookieHeader, sessionCookieName(options.secure));
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
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
 * Resolves the viewer once per request with one query (session + user + profile role). This is
 * the hot path of every API call (an exam saves one answer per request), so it reads better-auth's
 * tables directly instead of going through its full getSession; GET /api/account/me still calls
 * better-auth, which also rolls the session's expiry forward. See decision 007.
 */
export function loadViewer(db: Db, secret: string, options: { secureCookies: boolean }) {
  const cookie = { secure: options.secureCookies };
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", null);
    const token = verifySessionCookie(c.req.header("cookie"), secret, cookie);
    if (token) c.set("viewer", await findViewer(db, token));
    await next();
  });
}

async function findViewer(db: Db, token: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      sessionId: session.id,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      fullName: profiles.fullName,
      role: profiles.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
  if (!row) return null;
  return { ...row, role: row.role ?? "student" };
}
