import { newId, nowSeconds, razorpaySignature } from "./razorpay-format.ts";
import type { EmitEvent, SandboxOptions, WebhookDelivery } from "./types.ts";

/**
 * Signed webhooks, delivered at least once as Razorpay does: every event goes out twice with the
 * same event id. Delivery is by HTTP to `webhookUrl`, by `deliver`, or held in `queued` until
 * `deliverQueued()` when `autoDeliver` is false.
 */
export function createWebhookSender(options: SandboxOptions) {
  const queued: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const log = options.log ?? (() => {});

  const post = (d: WebhookDelivery) =>
    fetch(options.webhookUrl as string, { method: "POST", headers: d.headers, body: d.body })
      .then((r) => log(`webhook ${d.headers["x-razorpay-event-id"]} -> ${r.status}`))
      .catch((e: unknown) => log(`webhook failed: ${String(e)}`));

  const send = (delivery: WebhookDelivery) => {
    const target = options.deliver ?? (options.webhookUrl ? post : null);
    if (!target) return;
    const p = target(delivery).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  const emit: EmitEvent = (event, entities) => {
    if (!options.webhookSecret) return;
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_Sandbox0000001",
      event,
      contains: [
        ...(entities.refund ? ["refund"] : []),
        "payment",
        ...(entities.order ? ["order"] : []),
      ],
      payload: {
        ...(entities.refund ? { refund: { entity: entities.refund } } : {}),
        payment: { entity: entities.payment },
        ...(entities.order ? { order: { entity: entities.order } } : {}),
      },
      created_at: nowSeconds(),
    });
    const delivery: WebhookDelivery = {
      body,
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": razorpaySignature(body, options.webhookSecret),
        "x-razorpay-event-id": newId("evt"),
      },
    };
    for (const copy of [delivery, delivery]) {
      if (options.autoDeliver === false) queued.push(copy);
      else send(copy);
    }
  };

  return {
    emit,
    queued,
    /** Sends every queued webhook (with autoDeliver false) and waits for all deliveries. */
    deliverQueued: async () => {
      for (const delivery of queued.splice(0)) send(delivery);
      await Promise.all([...inFlight]);
    },
    /** Waits for deliveries already under way. */
    settle: () => Promise.all([...inFlight]),
  };
}
