import type { Hono } from "hono";
import { badRequest, markPaid, newId, nowSeconds } from "./razorpay-format.ts";
import type {
  EmitEvent,
  Notes,
  SandboxOptions,
  SandboxOrder,
  SandboxRefund,
  SandboxStore,
} from "./types.ts";

const authFailed = { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } };

/** The documented Orders and Payments REST API, behind basic auth with the key id and secret. */
export function addApiRoutes(
  app: Hono,
  store: SandboxStore,
  options: Pick<SandboxOptions, "keyId" | "keySecret">,
  emit: EmitEvent,
) {
  const { orders, payments } = store;
  const isAuthorised = (header: string | undefined) => {
    if (!header?.startsWith("Basic ")) return false;
    const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
    return id === options.keyId && secret === options.keySecret;
  };
  for (const path of ["/v1/orders", "/v1/orders/*", "/v1/payments/*"]) {
    app.use(path, async (c, next) =>
      isAuthorised(c.req.header("authorization")) ? next() : c.json(authFailed, 401),
    );
  }

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
    emit("payment.captured", { payment });
    if (order) emit("order.paid", { payment, order });
    return c.json(payment);
  });
  // Refunds API: a captured payment refunded in full (no amount) or in part; processed at once,
  // with the refund.processed webhook, whose payment carries the total refunded so far.
  app.post("/v1/payments/:id/refund", async (c) => {
    const payment = payments.get(c.req.param("id"));
    const body = (await c.req.json().catch(() => ({}))) as { amount?: number; notes?: Notes };
    if (!payment) return c.json(badRequest("The id provided does not exist"), 400);
    if (payment.status !== "captured") {
      return c.json(badRequest("The payment has been fully refunded already"), 400);
    }
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount ?? left;
    if (!Number.isInteger(amount) || amount < 100 || amount > left) {
      return c.json(
        badRequest("The refund amount provided is greater than amount captured", "amount"),
        400,
      );
    }
    payment.amount_refunded += amount;
    const full = payment.amount_refunded === payment.amount;
    payment.refund_status = full ? "full" : "partial";
    if (full) payment.status = "refunded";
    const refund: SandboxRefund = {
      id: newId("rfnd"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: body.notes ?? {},
      receipt: null,
      status: "processed",
      speed_processed: "normal",
      speed_requested: "normal",
      created_at: nowSeconds(),
    };
    emit("refund.processed", { payment, refund });
    return c.json(refund);
  });
}
