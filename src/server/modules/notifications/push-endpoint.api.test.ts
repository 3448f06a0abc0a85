import { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pushSubscriptions } from "../../db/schema/notifications.ts";
import {
  type PushServiceStandIn,
  startPushServiceStandIn,
  testVapidKeys,
} from "../../test/push-service-stand-in.ts";
import { setupTestApp } from "../../test/test-app.ts";
import type { PushAddress, PushLookup } from "./push-endpoint.ts";
import { createPushSender } from "./push-sender.ts";

// Push endpoints are safe by default (decision 044): without PUSH_ALLOW_HTTP_LOOPBACK only the
// browsers' push services on 443, every address they resolve to public; checked at registration
// and again at every send, which connects to the address it checked. Names resolve through a stub.

const DNS: Record<string, string[]> = {
  "fcm.googleapis.com": ["142.250.183.10", "2404:6800:4009:80b::200a"],
  "updates.push.services.mozilla.com": ["34.117.0.1"],
  "intranet.notify.windows.com": ["192.168.1.20"],
  "mixed.push.apple.com": ["17.1.2.3", "10.0.0.7"],
  "mapped.push.apple.com": ["::ffff:169.254.169.254"],
  "v6local.push.apple.com": ["fd00::1"],
  localhost: ["127.0.0.1"],
};
const looked: string[] = [];
const stubLookup: PushLookup = async (hostname) => {
  looked.push(hostname);
  const addresses = DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const { t, first, second } = setupTestApp({
  users: { first: "student", second: "student" },
  pushLookup: (hostname) => stubLookup(hostname),
  pushAllowLoopback: false,
});

let push: PushServiceStandIn;
beforeAll(async () => {
  push = await startPushServiceStandIn();
});
afterAll(() => push.close());
afterEach(() => vi.restoreAllMocks());

const keys = () => push.subscribe(testVapidKeys.publicKey).keys;
const register = (cookie: string, endpoint: string, deviceKeys = keys()) =>
  t.request("/api/notifications/subscriptions", { cookie, body: { endpoint, keys: deviceKeys } });
const allDevices = () => t.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id);

/** Every address class the server must never be made to call. */
const REFUSED = [
  ["cloud metadata", "https://169.254.169.254/latest/meta-data/"],
  ["private IPv4 10/8", "https://10.0.0.5/push"],
  ["private IPv4 172.16/12", "https://172.16.4.4/push"],
  ["private IPv4 192.168/16", "https://192.168.1.1/push"],
  ["shared 100.64/10", "https://100.64.0.1/push"],
  ["IPv4 loopback", "https://127.0.0.1/push"],
  ["IPv6 loopback", "https://[::1]/push"],
  ["IPv6 link-local", "https://[fe80::1]/push"],
  ["IPv6 unique local", "https://[fd12:3456::1]/push"],
  ["IPv4-mapped IPv6", "https://[::ffff:10.0.0.1]/push"],
  ["unspecified", "https://0.0.0.0/push"],
  ["plain http to a push service", "http://fcm.googleapis.com/fcm/send/x"],
  ["another port of a push service", "https://fcm.googleapis.com:8443/fcm/send/x"],
  ["a host that is no push service", "https://push.example.org/x"],
  ["a push service name resolving to a private address", "https://intranet.notify.windows.com/w"],
  ["a name with one public and one private address", "https://mixed.push.apple.com/x"],
  ["a name resolving to mapped link-local", "https://mapped.push.apple.com/x"],
  ["a name resolving to IPv6 unique local", "https://v6local.push.apple.com/x"],
  ["loopback http without PUSH_ALLOW_HTTP_LOOPBACK", "http://127.0.0.1:9000/push/x"],
  ["localhost without PUSH_ALLOW_HTTP_LOOPBACK", "http://localhost:9000/push/x"],
] as const;

describe("registering a push endpoint", () => {
  it.each(REFUSED)("refuses %s with 422 and stores nothing", async (_name, endpoint) => {
    const before = await allDevices();
    const refused = await register(first.cookie, endpoint);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This browser gave an invalid push address. Try again, or use email.",
    );
    expect(await allDevices()).toEqual(before);
  });

  it("takes a browser push service whose every address is public", async () => {
    const saved = await register(first.cookie, "https://fcm.googleapis.com/fcm/send/first-1");
    expect(saved.status).toBe(201);
    expect(looked).toContain("fcm.googleapis.com");
  });

  it("keeps an endpoint with the account that registered it: another account gets 409, the row unchanged", async () => {
    const endpoint = "https://updates.push.services.mozilla.com/wpush/v2/first-2";
    expect((await register(first.cookie, endpoint)).status).toBe(201);
    const before = await allDevices();
    const taken = await register(second.cookie, endpoint);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: { message: string } }).error.message).toMatch(
      /turned on for another account/,
    );
    expect(await allDevices()).toEqual(before);
    const owned = await t.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(owned).toEqual([{ userId: first.id }]);
    // The owner may still renew the keys of their own device.
    const fresh = keys();
    expect((await register(first.cookie, endpoint, fresh)).status).toBe(201);
    const [row] = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect([row?.userId, row?.p256dh]).toEqual([first.id, fresh.p256dh]);
  });
});

describe("sending a push", () => {
  const payload = { title: "Hello", body: "A reminder", url: "/", tag: "t" };
  const options = { ttlSeconds: 60, urgency: "normal" as const };
  const vapid = { ...testVapidKeys, subject: "mailto:team@example.org" };

  it("refuses every such address before any connection, as a failure (never gone: the device is kept)", async () => {
    const connect = vi.spyOn(Socket.prototype, "connect");
    const send = createPushSender(vapid, { allowHttpLoopback: false, lookup: stubLookup });
    const device = push.subscribe(testVapidKeys.publicKey);
    const requestsBefore = push.received.length + push.refused.length;
    for (const [name, endpoint] of [...REFUSED, ["the stand-in", device.endpoint]]) {
      const outcome = await send({ endpoint, ...device.keys }, payload, options);
      expect(outcome, name).toBe("failed");
    }
    expect(connect).not.toHaveBeenCalled();
    expect(push.received.length + push.refused.length).toBe(requestsBefore);
  });

  it("with PUSH_ALLOW_HTTP_LOOPBACK reaches the stand-in, and still no private address", async () => {
    const send = createPushSender(vapid, { allowHttpLoopback: true, lookup: stubLookup });
    const device = push.subscribe(testVapidKeys.publicKey);
    expect(await send({ endpoint: device.endpoint, ...device.keys }, payload, options)).toBe(
      "sent",
    );
    expect(push.messagesFor(device.endpoint).map((m) => m.payload)).toEqual([payload]);
    const connect = vi.spyOn(Socket.prototype, "connect");
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.5/push",
      "https://push.example.org/x",
      "https://intranet.notify.windows.com/w",
    ]) {
      expect(await send({ endpoint, ...device.keys }, payload, options), endpoint).toBe("failed");
    }
    expect(connect).not.toHaveBeenCalled();
  });

  it("connects to the address it checked: a name is looked up once per send", async () => {
    let calls = 0;
    // The first answer is loopback; any later one (a rebinding) would be a private address.
    const rebinding: PushLookup = async (): Promise<PushAddress[]> => {
      calls += 1;
      return [{ address: calls === 1 ? "127.0.0.1" : "10.0.0.9", family: 4 }];
    };
    const send = createPushSender(vapid, { allowHttpLoopback: true, lookup: rebinding });
    const device = push.subscribe(testVapidKeys.publicKey);
    const viaName = device.endpoint.replace("127.0.0.1", "localhost");
    const seen = push.refused.length;
    // The stand-in, reached on 127.0.0.1, refuses only the JWT's audience (localhost).
    expect(await send({ endpoint: viaName, ...device.keys }, payload, options)).toBe("failed");
    expect(calls).toBe(1);
    expect(push.refused.slice(seen)).toEqual([
      expect.objectContaining({ status: 403, reason: expect.stringMatching(/^aud /) }),
    ]);
  });
});
