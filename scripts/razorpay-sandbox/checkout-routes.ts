import type { Hono } from "hono";
import { CHECKOUT_SCRIPT } from "./checkout-script.ts";
import { badRequest, markPaid, newId, nowSeconds, razorpaySignature } from "./razorpay-format.ts";
import { sheetPage } from "./sheet-page.ts";
import type {
  EmitEvent,
  SandboxOptions,
  SandboxOrder,
  SandboxPayment,
  SandboxStore,
} from "./types.ts";

type SheetAction = {
  key_id?: string;
  order_id?: string;
  email?: string;
  contact?: string;
  /** Test hooks: pay a different amount, or leave the payment authorized (not captured). */
  amount?: number;
  capture?: boolean;
};

const newPayment = (order: SandboxOrder, body: SheetAction): SandboxPayment => ({
  id: newId("pay"),
  entity: "payment",
  amount: typeof body.amount === "number" ? body.amount : order.amount,
  currency: order.currency,
  status: "authorized",
  order_id: order.id,
  method: "card",
  captured: false,
  description: null,
  email: body.email ?? "",
  contact: body.contact ?? "",
  notes: order.notes,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  amount_refunded: 0,
  refund_status: null,
  created_at: nowSeconds(),
});

const amountLabel = (order: SandboxOrder) =>
  `${order.currency === "INR" ? "₹" : `${order.currency} `}${(order.amount / 100).toFixed(2)}`;

/** Checkout: the script, the test sheet in its iframe, and the sheet's Pay and Fail actions. */
export function addCheckoutRoutes(
  app: Hono,
  store: SandboxStore,
  options: Pick<SandboxOptions, "keyId" | "keySecret">,
  emit: EmitEvent,
) {
  const { orders, payments } = store;
  const findOrder = (body: SheetAction) =>
    body.key_id === options.keyId && body.order_id ? orders.get(body.order_id) : undefined;

  app.get("/v1/checkout.js", (c) =>
    c.body(CHECKOUT_SCRIPT, 200, {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "no-store",
    }),
  );
  app.get("/v1/checkout/sandbox", (c) => {
    const q = (name: string) => c.req.query(name) ?? "";
    const order = orders.get(q("order_id"));
    const error =
      q("key_id") !== options.keyId
        ? "This key id is not valid for this sandbox."
        : !order
          ? "This order does not exist."
          : order.status === "paid"
            ? "This order is already paid."
            : undefined;
    return c.html(
      sheetPage({
        merchant: q("name") || "Merchant",
        description: q("description"),
        amountLabel: order ? amountLabel(order) : "",
        customer: q("customer"),
        email: q("email"),
        contact: q("contact"),
        orderId: q("order_id"),
        keyId: q("key_id"),
        parentOrigin: q("parent_origin") || "*",
        error,
      }),
    );
  });

  app.post("/v1/checkout/sandbox/pay", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as SheetAction;
    const order = findOrder(body);
    if (!order) return c.json(badRequest("The id provided does not exist"), 400);
    if (order.status === "paid") return c.json(badRequest("This order is already paid."), 400);
    const payment = newPayment(order, body);
    order.attempts += 1;
    payments.set(payment.id, payment);
    if (body.capture !== false) {
      payment.status = "captured";
      payment.captured = true;
      markPaid(order, payment);
      emit("payment.captured", { payment });
      emit("order.paid", { payment, order });
    } else {
      order.status = "attempted";
      emit("payment.authorized", { payment });
    }
    return c.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: razorpaySignature(`${order.id}|${payment.id}`, options.keySecret),
    });
  });
  app.post("/v1/checkout/sandbox/fail", async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as SheetAction;
    const order = findOrder(body);
    if (!order) return c.json(badRequest("The id provided does not exist"), 400);
    const payment: SandboxPayment = {
      ...newPayment(order, body),
      status: "failed",
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment failed because the bank declined it (sandbox).",
      error_source: "bank",
      error_step: "payment_authorization",
      error_reason: "payment_failed",
    };
    order.attempts += 1;
    order.status = "attempted";
    payments.set(payment.id, payment);
    emit("payment.failed", { payment });
    return c.json({
      error: {
        code: payment.error_code,
        description: payment.error_description,
        source: payment.error_source,
        step: payment.error_step,
        reason: payment.error_reason,
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    });
  });
}
