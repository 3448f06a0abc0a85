import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifySessionCookie } from "./session.ts";

const secret = "a-secret-of-at-least-thirty-two-characters";
const signed = (token: string, key = secret) =>
  encodeURIComponent(`${token}.${createHmac("sha256", key).update(token).digest("base64")}`);

describe("verifySessionCookie", () => {
  it("returns the token of a correctly signed cookie, under either cookie name", () => {
    expect(
      verifySessionCookie(`theme=dark; better-auth.session_token=${signed("tok123")}`, secret),
    ).toBe("tok123");
    expect(
      verifySessionCookie(`__Secure-better-auth.session_token=${signed("tok456")}`, secret),
    ).toBe("tok456");
  });

  it("refuses a cookie signed with another secret, a tampered token or garbage", () => {
    expect(
      verifySessionCookie(
        `better-auth.session_token=${signed("tok123", "another-secret")}`,
        secret,
      ),
    ).toBeNull();
    const tampered = signed("tok123").replace("tok123", "tok124");
    expect(verifySessionCookie(`better-auth.session_token=${tampered}`, secret)).toBeNull();
    expect(verifySessionCookie("better-auth.session_token=nodot", secret)).toBeNull();
    expect(verifySessionCookie("better-auth.session_token=%E0%A4%A", secret)).toBeNull();
    expect(verifySessionCookie(undefined, secret)).toBeNull();
    expect(verifySessionCookie("other=1", secret)).toBeNull();
  });
});
