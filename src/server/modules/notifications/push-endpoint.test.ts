import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint, isLoopbackAddress, isPublicAddress } from "./push-endpoint.ts";

describe("push endpoints the server may post to", () => {
  it("takes the browsers' push services over https on 443, whatever NODE_ENV says", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=x",
      "https://web.push.apple.com/QG-xyz",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(true);
    }
  });

  it("refuses anything else: internal names, other ports, private and odd addresses", () => {
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

  it("with PUSH_ALLOW_HTTP_LOOPBACK also takes loopback (the local stand-in), nothing more", () => {
    for (const endpoint of [
      "http://127.0.0.1:9000/push/1",
      "https://127.0.0.1:9443/push/1",
      "http://localhost:9000/push/1",
      "http://[::1]:9000/push/1",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(true);
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    }
    for (const endpoint of [
      "http://push.example.org/x",
      "https://push.example.org/x",
      "https://10.0.0.5/x",
      "https://169.254.169.254/x",
      "ftp://127.0.0.1/x",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, true), endpoint).toBe(false);
    }
  });
});

describe("addresses a push may go to", () => {
  it("are public unicast addresses only", () => {
    for (const address of ["142.250.183.10", "17.1.2.3", "2404:6800:4009:80b::200a", "2a00::1"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "0.0.0.0",
      "10.1.2.3",
      "100.64.0.1",
      "100.127.255.255",
      "127.0.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "::10.0.0.1",
      "64:ff9b::a00:1",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "2002:a00:1::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress("172.32.0.1")).toBe(true);
    expect(isPublicAddress("100.128.0.1")).toBe(true);
  });

  it("loopback is 127/8 and ::1, mapped or not", () => {
    for (const address of [
      "127.0.0.1",
      "127.9.9.9",
      "::1",
      "::ffff:127.0.0.1",
      "0:0:0:0:0:0:0:1",
    ]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ["10.0.0.1", "::", "::2", "fe80::1"]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});
