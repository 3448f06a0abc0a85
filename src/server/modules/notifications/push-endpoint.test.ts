import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint } from "./push-endpoint.ts";

describe("push endpoints the server may post to", () => {
  it("takes the browsers' push services over https in production", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://web.push.apple.com/QG-xyz",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(true);
    }
  });

  it("refuses anything else in production: internal names, other ports, private and odd addresses", () => {
    for (const endpoint of [
      "https://push.example.org/x",
      "https://fcm.googleapis.com:6379/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://localhost./x",
      "https://127.0.0.1.nip.io/x",
      "https://metadata.google.internal/x",
      "https://[::a00:1]/x",
      "https://10.0.0.5/x",
      "https://user:pass@fcm.googleapis.com/x",
      "http://fcm.googleapis.com/x",
      "http://127.0.0.1:9000/x",
      "not a url",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });

  it("in development and tests takes the local stand-in, on http only for loopback", () => {
    expect(isAllowedPushEndpoint("http://127.0.0.1:9000/push/1", true)).toBe(true);
    expect(isAllowedPushEndpoint("https://127.0.0.1:9443/push/1", true)).toBe(true);
    expect(isAllowedPushEndpoint("http://push.example.org/x", true)).toBe(false);
  });
});
