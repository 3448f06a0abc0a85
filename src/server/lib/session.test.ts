import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySessionCookie } from "./session.ts";

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
