import webpush from "web-push";
import type { PushPayload } from "../../../shared/notifications.ts";
import type { VapidDetails } from "./vapid-keys.ts";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** `gone`: the push service says the subscription no longer exists (404/410): delete it. */
export type PushOutcome = "sent" | "gone" | "failed";
export type PushSend = (
  target: PushTarget,
  payload: PushPayload,
  options: { ttlSeconds: number; urgency: "normal" | "high"; topic?: string },
) => Promise<PushOutcome>;

/** A push service that does not answer in this long is counted as failed. */
const TIMEOUT_MS = 10_000;

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and an aes128gcm body (RFC 8291):
 * web-push builds the request (encryption, the signed JWT, TTL and Urgency) and fetch sends it,
 * so a local stand-in on http://127.0.0.1 is reached the same way as a real service.
 */
export function createPushSender(vapid: VapidDetails): PushSend {
  return async (target, payload, options) => {
    const request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        topic: options.topic,
        contentEncoding: "aes128gcm",
      },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    // fetch sets the length itself from the body.
    delete headers["Content-Length"];
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return "gone";
      return response.ok ? "sent" : "failed";
    } catch {
      return "failed";
    }
  };
}
