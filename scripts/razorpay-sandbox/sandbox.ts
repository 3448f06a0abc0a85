import { createHmac, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { CHECKOUT_SCRIPT } from "./checkout-script.ts";
import { sheetPage } from "./sheet-page.ts";

type Notes = Record<string, string>;
export type SandboxOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
};
export type SandboxPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "authorized" | "captured" | "failed";
  order_id: string;
  method: "card";
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Notes;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};
export type WebhookDelivery = { body: string; headers: Record<string, string> };

export type SandboxOptions = {
  port?: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Where signed webhooks go (the app's /api/payments/razorpay/webhook). */
  webhookUrl?: string;
  /** Replaces the HTTP delivery (tests hand webhooks straight to the app). */
  deliver?: (delivery: WebhookDelivery) => Promise<unknown>;
  /** false: webhooks wait in `queued` until `deliverQueued()` (tests decide when). */
  autoDeliver?: boolean;
  log?: (line: string) => void;
};

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const newId = (prefix: string) =>
  `${prefix}_${Array.from(randomBytes(14), (b) => BASE62[b % 62]).join("")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const badRequest = (description: string, field?: string) => ({
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

/**
 * A local stand-in for Razorpay: the documented Orders and Payments REST API (basic auth with the
 * key id and secret), a Checkout script with a Pay / Fail / Close test sheet, and signed webhooks
 * delivered twice each, as Razorpay may. Everything is in memory.
 */
export function createRazorpaySandbox(options: SandboxOptions) {
  const orders = new Map<string, SandboxOrder>();
  const payments = new Map<string, SandboxPayment>();
  const queued: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const log = options.log ?? (() => {});

  const send = (delivery: WebhookDelivery) => {
    const target =
      options.deliver ??
      (options.webhookUrl
        ? (d: WebhookDelivery) =>
            fetch(options.webhookUrl as string, {
              method: "POST",
              headers: d.headers,
              body: d.body,
            })
              .then((r) => log(`webhook ${d.headers["x-razorpay-event-id"]} -> ${r.status}`))
              .catch((e: unknown) => log(`webhook failed: ${String(e)}`))
        : null);
    if (!target) return;
    const p = target(delivery).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  function emitEvent(event: string, entities: { payment: SandboxPayment; order?: SandboxOrder }) {
    if (!options.webhookSecret) return;
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_Sandbox0000001",
      event,
      contains: entities.order ? ["payment", "order"] : ["payment"],
      payload: {
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
    // Razorpay delivers at least once: every event goes out twice with the same id.
    for (const copy of [delivery, delivery]) {
      if (options.autoDeliver === false) queued.push(copy);
      else send(copy);
    }
  }

  const authorised = (header: string | undefined) => {
    if (!header?.startsWith("Basic ")) return false;
    const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    return id === options.keyId && secret === options.keySecret;
  };

  const app = new Hono();
  app.use("/v1/orders/*", async (c, next) =>
    authorised(c.req.header("authorization"))
      ? next()
      : c.json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, 401),
  );
  app.use("/v1/orders", async (c, next) =>
    authorised(c.req.header("authorization"))
      ? next()
      : c.json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, 401),
  );
  app.use("/v1/payments/*", async (c, next) =>
    authorised(c.req.header("authorization"))
      ? next()
      : c.json({ error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } }, 401),
  );

  app.post("/v1/orders", async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const amount = body?.amount;
    const currency = typeof body?.currency === "string" ? body.currency : "INR";
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return c.json(badRequest(`The amount must be at least ${currency} 1.00`, "amount"), 400);
    }
    const receipt = typeof body?.receipt === "string" ? body.receipt : null;
    if (receipt && receipt.length > 40) {
      return c.json(badRequest("receipt: the length must be no more than 40.", "receipt"), 400);
    }
    const order: SandboxOrder = {
      id: newId("order"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: (body?.notes as Notes) ?? {},
      created_at: nowSeconds(),
    };
    orders.set(order.id, order);
    return c.json(order);
  });
  app.get("/v1/orders", (c) => {
    const count = Math.min(100, Number(c.req.query("count") ?? 10) || 10);
    const items = [...orders.values()].reverse().slice(0, count);
    return c.json({ entity: "collection", count: items.length, items });
  });
  app.get("/v1/orders/:id", (c) => {
    const order = orders.get(c.req.param("id"));
    return order ? c.json(order) : c.json(badRequest("The id provided does not exist"), 400);
  });
  app.get("/v1/orders/:id/payments", (c) => {
    const items = [...payments.values()].filter((p) => p.order_id === c.req.param("id"));
    return c.json({ entity: "collection", count: items.length, items });
  });
  app.get("/v1/payments/:id", (c) => {
    const payment = payments.get(c.req.param("id"));
    return payment ? c.json(payment) : c.json(badRequest("The id provided does not exist"), 400);
  });
  app.post("/v1/payments/:id/capture", async (c) => {
    const payment = payments.get(c.req.param("id"));
    const body = (await c.req.json().catch(() => ({}))) as { amount?: number };
    if (!payment) return c.json(badRequest("The id provided does not exist"), 400);
    if (payment.status !== "authorized") {
      return c.json(badRequest("This payment has already been captured"), 400);
    }
    if (body.amount !== payment.amount) {
      return c.json(
        badRequest("Capture amount must be equal to the amount authorized", "amount"),
        400,
      );
    }
    payment.status = "captured";
    payment.captured = true;
    const order = orders.get(payment.order_id);
    if (order) markPaid(order, payment);
    emitEvent("payment.captured", { payment });
    if (order) emitEvent("order.paid", { payment, order });
    return c.json(payment);
  });

  function markPaid(order: SandboxOrder, payment: SandboxPayment) {
    order.amount_paid = payment.amount;
    order.amount_due = Math.max(0, order.amount - payment.amount);
    order.status = "paid";
  }

  // Checkout: the script, the sheet in its iframe, and the sheet's two actions.
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
        amountLabel: order
          ? `${order.currency === "INR" ? "₹" : `${order.currency} `}${(order.amount / 100).toFixed(2)}`
          : "",
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

  type SheetAction = {
    key_id?: string;
    order_id?: string;
    email?: string;
    contact?: string;
    /** Test hooks: pay a different amount, or leave the payment authorized (not captured). */
    amount?: number;
    capture?: boolean;
  };
  const findOrder = (body: SheetAction) =>
    body.key_id === options.keyId && body.order_id ? orders.get(body.order_id) : undefined;
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
    created_at: nowSeconds(),
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
      emitEvent("payment.captured", { payment });
      emitEvent("order.paid", { payment, order });
    } else {
      order.status = "attempted";
      emitEvent("payment.authorized", { payment });
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
    const payment = newPayment(order, body);
    Object.assign(payment, {
      status: "failed",
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment failed because the bank declined it (sandbox).",
      error_source: "bank",
      error_step: "payment_authorization",
      error_reason: "payment_failed",
    });
    order.attempts += 1;
    order.status = "attempted";
    payments.set(payment.id, payment);
    emitEvent("payment.failed", { payment });
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

  let server: ReturnType<typeof serve> | null = null;
  return {
    app,
    orders,
    payments,
    queued,
    /** Starts listening; resolves with the base URL (port 0 picks a free port). */
    listen: () =>
      new Promise<string>((resolve) => {
        server = serve(
          { fetch: app.fetch, port: options.port ?? 0, hostname: options.host ?? "127.0.0.1" },
          (info: AddressInfo) => resolve(`http://${options.host ?? "127.0.0.1"}:${info.port}`),
        );
      }),
    /** Sends every queued webhook (with autoDeliver false) and waits for all deliveries. */
    deliverQueued: async () => {
      for (const delivery of queued.splice(0)) send(delivery);
      await Promise.all([...inFlight]);
    },
    /** Waits for deliveries already under way. */
    settle: () => Promise.all([...inFlight]),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}
export type RazorpaySandbox = ReturnType<typeof createRazorpaySandbox>;
