import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Viewer } from "./context.ts";
import { createViewerCache, verifySessionCookie } from "./session.ts";

const secret = "a-secret-of-at-least-thirty-two-characters";
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);

const http = { secure: false };

describe("verifySessionCookie", () => {
  it("returns the token of a correctly signed cookie", () => {
    expect(
      verifySessionCookie(`theme=dark; better-auth.session_token=${signed("tok123")}`, secret, {
        secure: false,
      }),
    ).toBe("tok123");
    expect(
      verifySessionCookie(`__Secure-better-auth.session_token=${signed("tok456")}`, secret, {
        secure: true,
      }),
    ).toBe("tok456");
  });

  it("with secure cookies reads only the __Secure- cookie, without them only the plain one", () => {
    const plain = `better-auth.session_token=${signed("tok123")}`;
    const prefixed = `__Secure-better-auth.session_token=${signed("tok456")}`;
    expect(verifySessionCookie(plain, secret, { secure: true })).toBeNull();
    expect(verifySessionCookie(`${plain}; ${prefixed}`, secret, { secure: true })).toBe("tok456");
    expect(verifySessionCookie(prefixed, secret, { secure: false })).toBeNull();
  });

  it("refuses a cookie signed with another secret, a tampered token or garbage", () => {
    expect(
      verifySessionCookie(
        `better-auth.session_token=${signed("tok123", "another-secret")}`,
        secret,
        http,
      ),
    ).toBeNull();
    const tampered = signed("tok123").replace("tok123", "tok124");
    expect(verifySessionCookie(`better-auth.session_token=${tampered}`, secret, http)).toBeNull();
    expect(verifySessionCookie("better-auth.session_token=nodot", secret, http)).toBeNull();
    expect(verifySessionCookie("better-auth.session_token=%E0%A4%A", secret, http)).toBeNull();
    expect(verifySessionCookie(undefined, secret, http)).toBeNull();
    expect(verifySessionCookie("other=1", secret, http)).toBeNull();
  });
});

describe("createViewerCache", () => {
  const viewer = (userId: string): Viewer => ({
    userId,
    email: `${userId}@example.com`,
    emailVerified: true,
    fullName: null,
    role: "student",
    sessionId: `s-${userId}`,
  });
  const later = (ms: number) => new Date(1_000_000 + ms);

  it("keeps a viewer for less than the TTL and never past its session's expiry", () => {
    let now = 1_000_000;
    const cache = createViewerCache({ ttlMs: 5_000, now: () => now });
    cache.set("t1", viewer("u1"), later(60_000), cache.generation());
    cache.set("t2", viewer("u2"), later(2_000), cache.generation());
    now += 1_999;
    expect(cache.get("t1")?.userId).toBe("u1");
    expect(cache.get("t2")?.userId).toBe("u2");
    now += 1; // t2's session ends here, inside the TTL
    expect(cache.get("t2")).toBeNull();
    now += 2_999;
    expect(cache.get("t1")?.userId).toBe("u1");
    now += 1; // 5 s after it was stored
    expect(cache.get("t1")).toBeNull();
  });

  it("does not store a lookup that started before a clear or a forgetUser", () => {
    const cache = createViewerCache({ now: () => 1_000_000 });
    const started = cache.generation();
    cache.clear(); // a sign-out while the lookup was reading the session
    cache.set("t1", viewer("u1"), later(60_000), started);
    expect(cache.get("t1")).toBeNull();
    const again = cache.generation();
    cache.forgetUser("u9");
    cache.set("t1", viewer("u1"), later(60_000), again);
    expect(cache.get("t1")).toBeNull();
  });

  it("forgets one user's tokens, and holds at most maxEntries, dropping the oldest", () => {
    const cache = createViewerCache({ maxEntries: 2, now: () => 1_000_000 });
    cache.set("a1", viewer("a"), later(60_000), cache.generation());
    cache.set("b1", viewer("b"), later(60_000), cache.generation());
    cache.forgetUser("a");
    expect(cache.get("a1")).toBeNull();
    expect(cache.get("b1")?.userId).toBe("b");
    cache.set("c1", viewer("c"), later(60_000), cache.generation());
    cache.set("d1", viewer("d"), later(60_000), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get("b1")).toBeNull();
    expect(cache.get("d1")?.userId).toBe("d");
  });

  it("with a TTL of 0 stores nothing", () => {
    const cache = createViewerCache({ ttlMs: 0 });
    cache.set("t1", viewer("u1"), new Date(Date.now() + 60_000), cache.generation());
    expect(cache.get("t1")).toBeNull();
  });
});
