import { createHmac, randomBytes } from "node:crypto";
import type { SandboxOrder, SandboxPayment } from "./types.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** An id shaped like Razorpay's: `order_`, `pay_` or `evt_` and 14 base62 characters. */
export const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (b) => BASE62[b % 62]).join("")}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body for a refused request. */
export const badRequest = (description: string, field?: string) => ({
  error: {
    code: "BAD_REQUEST_ERROR",
    description,
    source: "business",
    step: "payment_initiation",
    reason: "input_validation_failed",
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** HMAC-SHA256 as Razorpay signs Checkout responses (order_id|payment_id) and webhooks (body). */
export function razorpaySignature(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

export function markPaid(order: SandboxOrder, payment: SandboxPayment) {
  order.amount_paid = payment.amount;
  order.amount_due = Math.max(0, order.amount - payment.amount);
  order.status = "paid";
}
