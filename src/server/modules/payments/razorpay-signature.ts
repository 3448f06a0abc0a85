import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Checks a Razorpay HMAC-SHA256 signature in constant time: Checkout's
 * `razorpay_signature` (payload `order_id|payment_id`, key secret) and webhooks'
 * `X-Razorpay-Signature` (payload the raw body, webhook secret).
 */
export function isValidRazorpaySignature(
  payload: string,
  secret: string,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
