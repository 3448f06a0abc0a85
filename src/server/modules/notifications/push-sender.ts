import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import webpush from "web-push";
import type { PushPayload } from "../../../shared/notifications.ts";
import {
  checkPushTarget,
  type PushAddress,
  type PushLookup,
  systemPushLookup,
} from "./push-endpoint.ts";
import type { VapidDetails } from "./vapid-keys.ts";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/**
 * `gone`: the push service says the subscription no longer exists (404/410): delete it.
 * `failed`: anything else, including an endpoint the server refuses to reach (decision 044): a
 * refused device is kept, so its deletion cannot tell a student which addresses answer.
 */
export type PushOutcome = "sent" | "gone" | "failed";
export type PushSend = (
  target: PushTarget,
  payload: PushPayload,
  options: { ttlSeconds: number; urgency: "normal" | "high"; topic?: string },
) => Promise<PushOutcome>;

/** A push service that does not answer in this long is counted as failed. */
const TIMEOUT_MS = 10_000;

/** A `lookup` for the socket that answers only the address already checked. */
function pinnedLookup(pinned: PushAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (e: null, a: PushAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

/** POSTs the request to the checked address; resolves with the status, rejects on any error. */
function post(
  url: URL,
  address: PushAddress,
  headers: Record<string, string>,
  body: Buffer | null,
): Promise<number> {
  const options: RequestOptions = {
    method: "POST",
    headers,
    lookup: pinnedLookup(address),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    agent: false,
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, options, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body ?? undefined);
  });
}

/**
 * The Web Push protocol (RFC 8030) with VAPID (RFC 8292) and an aes128gcm body (RFC 8291):
 * web-push builds the request (encryption, the signed JWT, TTL and Urgency); the server sends it
 * only after `checkPushTarget` (a browser push service on 443, every address public, or loopback
 * under PUSH_ALLOW_HTTP_LOOPBACK), over a connection pinned to the address checked, redirects
 * not followed. A local stand-in on http://127.0.0.1 is reached the same way as a real service.
 */
export function createPushSender(
  vapid: VapidDetails,
  policy: { allowHttpLoopback: boolean; lookup?: PushLookup },
): PushSend {
  const lookup = policy.lookup ?? systemPushLookup;
  return async (target, payload, options) => {
    const checked = await checkPushTarget(target.endpoint, {
      allowHttpLoopback: policy.allowHttpLoopback,
      lookup,
    });
    if (!checked.ok) return "failed";
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
    try {
      const status = await post(checked.url, checked.address, headers, request.body ?? null);
      if (status === 404 || status === 410) return "gone";
      return status >= 200 && status < 300 ? "sent" : "failed";
    } catch {
      return "failed";
    }
  };
}
