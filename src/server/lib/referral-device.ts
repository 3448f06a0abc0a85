import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The device cookie of refer and earn (decisions 043 and 058): which accounts have signed in on
 * this browser, so an account registered here with one of their codes is refused as a self-referral
 * even after the referrer signed out. httpOnly, signed with the server secret (a visitor cannot
 * edit it), kept a year, the last DEVICE_USERS_MAX accounts.
 */
export const REFERRAL_DEVICE_COOKIE = "upsc_device";
const DEVICE_USERS_MAX = 10;
const MAX_AGE_SECONDS = 365 * 86_400;

const sign = (payload: string, secret: string) =>
  createHmac("sha256", `referral-device:${secret}`).update(payload).digest("base64url");

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The account ids the request's device cookie lists, or none when it is missing or forged. */
export function readDeviceUsers(cookieHeader: string | null | undefined, secret: string): string[] {
  const raw = cookieHeader ? readCookie(cookieHeader, REFERRAL_DEVICE_COOKIE) : null;
  if (!raw) return [];
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return [];
  const payload = raw.slice(0, dot);
  const given = Buffer.from(raw.slice(dot + 1));
  const expected = Buffer.from(sign(payload, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [];
  try {
    const ids = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie value adding `userId` to the request's device cookie (newest last). */
export function deviceCookieWith(
  cookieHeader: string | null | undefined,
  userId: string,
  options: { secret: string; secure: boolean },
): string {
  const ids = [
    ...readDeviceUsers(cookieHeader, options.secret).filter((id) => id !== userId),
    userId,
  ].slice(-DEVICE_USERS_MAX);
  const payload = Buffer.from(JSON.stringify(ids)).toString("base64url");
  const value = `${payload}.${sign(payload, options.secret)}`;
  return `${REFERRAL_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
}
