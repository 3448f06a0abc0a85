import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe link's token: the user id and an HMAC of it under a key derived from
 * the server secret. It never expires (a mail read months later must still work) and does one
 * thing only: turn the reminder emails off.
 */
const PURPOSE = "notification-email-unsubscribe:v1";

function mac(secret: string, userId: string): Buffer {
  const key = createHmac("sha256", secret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(userId).digest();
}

export function createUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${mac(secret, userId).toString("base64url")}`;
}

/** The user id the token was made for, or null for anything forged, cut or altered. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id, signature, extra] = token.split(".");
  if (!id || !signature || extra !== undefined) return null;
  const userId = Buffer.from(id, "base64url").toString("utf8");
  if (!userId || Buffer.from(userId).toString("base64url") !== id) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
