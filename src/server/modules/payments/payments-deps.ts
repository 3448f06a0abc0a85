import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { Outbox } from "../notifications/outbox.ts";

/** What the payment services need besides the database. */
export type PaymentsDeps = {
  /** RAZORPAY_API_URL, without a trailing slash. */
  apiUrl: string;
  /** RAZORPAY_CHECKOUT_URL. */
  checkoutUrl: string;
  box: SecretBox;
  publicUrl: string;
  logger: Logger;
  /** Sends the "Payment received" mail an activation enqueued, right after its commit. */
  outbox: Pick<Outbox, "deliver">;
};

export const WEBHOOK_PATH = "/api/payments/razorpay/webhook";
export const RAZORPAY = "razorpay";
