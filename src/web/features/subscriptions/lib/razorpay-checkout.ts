import type { CheckoutOrder } from "../api/payments.ts";

type SuccessResponse = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};
type RazorpayInstance = {
  open: () => void;
  on: (event: "payment.failed", fn: (r: { error?: { description?: string } }) => void) => void;
};
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

const loaded = new Map<string, Promise<RazorpayConstructor>>();

/** Loads Razorpay's Checkout script once (its URL comes from the server: RAZORPAY_CHECKOUT_URL). */
export function loadCheckout(url: string): Promise<RazorpayConstructor> {
  const existing = loaded.get(url);
  if (existing) return existing;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error("The payment window could not be loaded."));
    };
    script.onerror = () => {
      loaded.delete(url);
      reject(new Error("The payment window could not be loaded. Check your connection."));
    };
    document.body.appendChild(script);
  });
  loaded.set(url, promise);
  return promise;
}

export type CheckoutOutcome =
  | { kind: "paid"; response: SuccessResponse }
  | { kind: "dismissed"; failure: string | null };

/**
 * Opens Checkout for the server's order and resolves when it closes: paid (with the signed
 * response to verify) or dismissed (with the last failure, if a payment failed first).
 */
export async function openCheckout(order: CheckoutOrder, onFailure: (reason: string) => void) {
  const Razorpay = await loadCheckout(order.checkoutUrl);
  return new Promise<CheckoutOutcome>((resolve) => {
    let failure: string | null = null;
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: order.description,
      prefill: order.prefill,
      theme: { color: "#2563eb" },
      handler: (response: SuccessResponse) => resolve({ kind: "paid", response }),
      modal: { ondismiss: () => resolve({ kind: "dismissed", failure }) },
    });
    checkout.on("payment.failed", (r) => {
      failure = r.error?.description ?? "The payment failed.";
      onFailure(failure);
    });
    checkout.open();
  });
}
