import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { addApiRoutes } from "./api-routes.ts";
import { addCheckoutRoutes } from "./checkout-routes.ts";
import type { SandboxOptions, SandboxStore } from "./types.ts";
import { createWebhookSender } from "./webhooks.ts";

/**
 * A local stand-in for Razorpay: the documented Orders and Payments REST API (basic auth with the
 * key id and secret), a Checkout script with a Pay / Fail / Close test sheet, and signed webhooks
 * delivered twice each, as Razorpay may. Everything is in memory.
 */
export function createRazorpaySandbox(options: SandboxOptions) {
  const store: SandboxStore = { orders: new Map(), payments: new Map() };
  const webhooks = createWebhookSender(options);
  const app = new Hono();
  addApiRoutes(app, store, options, webhooks.emit);
  addCheckoutRoutes(app, store, options, webhooks.emit);

  let server: ReturnType<typeof serve> | null = null;
  const host = options.host ?? "127.0.0.1";
  return {
    app,
    orders: store.orders,
    payments: store.payments,
    queued: webhooks.queued,
    deliverQueued: webhooks.deliverQueued,
    settle: webhooks.settle,
    /** Starts listening; resolves with the base URL (port 0 picks a free port). */
    listen: () =>
      new Promise<string>((resolve) => {
        server = serve(
          { fetch: app.fetch, port: options.port ?? 0, hostname: host },
          (info: AddressInfo) => resolve(`http://${host}:${info.port}`),
        );
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}
export type RazorpaySandbox = ReturnType<typeof createRazorpaySandbox>;
