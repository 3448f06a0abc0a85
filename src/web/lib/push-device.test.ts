import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetPushDevice } from "./push-device.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

function stubWorker(
  subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null,
) {
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

describe("forgetPushDevice (at sign-out)", () => {
  it("removes this device's row on the server and unsubscribes the browser", async () => {
    const unsubscribe = vi.fn(async () => true);
    stubWorker({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", unsubscribe });
    const fetch = vi.fn(async () => Response.json({ devices: 0 }));
    vi.stubGlobal("fetch", fetch);
    await forgetPushDevice();
    expect(fetch).toHaveBeenCalledWith(
      "/api/notifications/subscriptions",
      expect.objectContaining({
        method: "DELETE",
        body: JSON.stringify({ endpoint: "https://fcm.googleapis.com/fcm/send/abc" }),
      }),
    );
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it("asks nothing without a subscription, and never throws", async () => {
    stubWorker(null);
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await forgetPushDevice();
    expect(fetch).not.toHaveBeenCalled();
    const unsubscribe = vi.fn(async () => {
      throw new Error("refused");
    });
    stubWorker({ endpoint: "https://fcm.googleapis.com/fcm/send/x", unsubscribe });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    await expect(forgetPushDevice()).resolves.toBeUndefined();
  });
});
