import { createHash } from "node:crypto";
import {
  RAZORPAY_WEBHOOK_EVENTS,
  type RazorpayWebhookEvent,
} from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { paymentWebhookEvents } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadRazorpayCredentials } from "./gateway-settings.service.ts";
import { recordCapturedPayment, recordFailedPayment, recordRefund } from "./payment-ledger.ts";
import type { PaymentsDeps } from "./payments-deps.ts";
import { isValidRazorpaySignature } from "./razorpay-signature.ts";

type PaymentEntity = {
  id?: string;
  order_id?: string | null;
  amount?: number;
  currency?: string;
  status?: string;
  error_description?: string | null;
  /** What the payer gave Checkout (a referral's self-referral signal, decision 058). */
  email?: string | null;
  contact?: string | null;
  /** Refunded so far (paise), on refund events. */
  amount_refunded?: number;
};
type WebhookBody = {
  event?: string;
  payload?: {
    payment?: { entity?: PaymentEntity };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; amount?: number; payment_id?: string; status?: string } };
  };
};

/**
 * Razorpay's webhook: the signature is HMAC-SHA256 of the raw body with the webhook secret.
 * The event id (X-Razorpay-Event-Id) and the SHA-256 of the signed body are stored in the same
 * transaction as the effect, each unique: a redelivery changes nothing, and neither does a signed
 * body replayed under a new event id, since the header is not signed (decision 030). Activation
 * is idempotent on its own as well, and a payment id is recorded once. Handles exactly
 * RAZORPAY_WEBHOOK_EVENTS (shared/subscriptions.ts, which the settings screen lists):
 * payment.captured and order.paid (activate), payment.failed, and refund.processed (a full refund
 * marks the transaction refunded and claws back the referral credit it earned).
 */
/** Every event in RAZORPAY_WEBHOOK_EVENTS, so the switch below is checked to be exhaustive. */
export function isHandledEvent(event: string): event is RazorpayWebhookEvent {
  return (RAZORPAY_WEBHOOK_EVENTS as readonly string[]).includes(event);
}

export type HandleRazorpayWebhookInput = {
  deps: PaymentsDeps;
  input: { rawBody: string; signature: string | undefined; eventId: string | undefined };
  now?: Date;
};

export async function handleRazorpayWebhook(
  db: Db,
  { deps, input, now = new Date() }: HandleRazorpayWebhookInput,
) {
  const credentials = await loadRazorpayCredentials(db, deps);
  if (!credentials?.webhookSecret) {
    throw new AppError("CONFLICT", "The Razorpay webhook secret is not set up.");
  }
  if (!isValidRazorpaySignature(input.rawBody, credentials.webhookSecret, input.signature)) {
    deps.logger.warn("razorpay webhook with a bad signature refused");
    throw new AppError("BAD_REQUEST", "Invalid webhook signature.");
  }
  let body: WebhookBody;
  try {
    body = JSON.parse(input.rawBody) as WebhookBody;
  } catch {
    throw new AppError("BAD_REQUEST", "The webhook body is not JSON.");
  }
  const event = body.event ?? "unknown";
  const payment = body.payload?.payment?.entity;
  const eventId = (input.eventId ?? `${event}:${payment?.id ?? ""}`).slice(0, 200);
  const bodySha256 = createHash("sha256").update(input.rawBody).digest("hex");

  const { messages, ...answer } = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentWebhookEvents)
      .values({ eventId, event, bodySha256, receivedAt: now })
      // Either key seen before (the event id or the signed body): a duplicate.
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { status: "duplicate" as const };
    const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
    if (!payment?.id || !orderId) return { status: "ignored" as const };
    if (!isHandledEvent(event)) return { status: "ignored" as const };
    switch (event) {
      case "payment.captured":
      case "order.paid": {
        if (payment.status !== "captured") return { status: "ignored" as const };
        const result = await recordCapturedPayment(tx, {
          payment: {
            orderId,
            paymentId: payment.id,
            amount: Number(payment.amount),
            currency: String(payment.currency),
            payer: { email: payment.email, contact: payment.contact },
          },
          now,
        });
        if (result.outcome === "amount-mismatch") {
          deps.logger.warn("webhook payment amount differs from the order; not activated", {
            event,
          });
        }
        if (result.outcome === "refused") {
          deps.logger.warn("payment captured for a plan an admin cancelled; not activated", {
            event,
          });
        }
        if (result.outcome === "duplicate-payment") {
          deps.logger.warn("webhook payment id already recorded on another order; ignored", {
            event,
          });
        }
        return {
          status: result.outcome,
          messages: "messages" in result ? result.messages : [],
        };
      }
      case "payment.failed": {
        const row = await recordFailedPayment(tx, {
          input: { orderId, reason: payment.error_description ?? "Payment failed." },
          now,
        });
        return { status: row ? ("recorded" as const) : ("unknown-order" as const) };
      }
      case "refund.processed": {
        // Razorpay's refund events carry the payment (amount_refunded: the total so far) and
        // the refund; an unprocessed refund (refund.created, refund.failed) changes nothing.
        const refund = body.payload?.refund?.entity;
        if (refund?.status && refund.status !== "processed") {
          return { status: "ignored" as const };
        }
        const refundedPaise = Math.max(
          Number(payment.amount_refunded ?? 0) || 0,
          Number(refund?.amount ?? 0) || 0,
        );
        const status = await recordRefund(tx, {
          input: { paymentId: payment.id, refundedPaise },
          now,
        });
        return { status };
      }
      default: {
        const unhandled: never = event;
        throw new Error(`webhook event ${String(unhandled)} has no handler`);
      }
    }
  });
  // An activation's "Payment received" mail goes once the event's transaction has committed.
  await deps.outbox.deliver(messages ?? [], now);
  return answer;
}
