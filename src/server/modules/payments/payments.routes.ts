import { Hono } from "hono";
import {
  planIdInputSchema,
  razorpayFailureInputSchema,
  razorpayVerifyInputSchema,
} from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { bodyLimit, openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import {
  createCheckoutOrder,
  recordCheckoutFailure,
  verifyCheckoutPayment,
} from "./checkout.service.ts";
import type { PaymentsDeps } from "./payments-deps.ts";
import { getMyInvoicePdf, getMyReceipt, listMyTransactions } from "./transactions.service.ts";
import { handleRazorpayWebhook } from "./webhook.service.ts";

/** Razorpay's events are a few kilobytes; this leaves room for long notes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
export const WEBHOOK_BODY_LIMIT_MESSAGE = "Webhook body too large.";

/**
 * /api/payments: Razorpay checkout for students (orders, verify, failure), their transactions and
 * receipts, and the webhook Razorpay calls (no session; its signature is the authentication).
 * Checkout reads the server's clock (`now`, decision 049): a referral credit's refund window
 * decides what an order takes off.
 */
export function createPaymentRoutes(
  db: Db,
  deps: PaymentsDeps,
  now: () => Date = () => new Date(),
) {
  const student = requireRole("student");
  return new Hono<AppEnv>()
    .post(
      "/razorpay/webhook",
      // A payment made just before maintenance must still activate.
      openDuringMaintenance,
      bodyLimit(WEBHOOK_BODY_LIMIT, WEBHOOK_BODY_LIMIT_MESSAGE),
      async (c) =>
        c.json(
          await handleRazorpayWebhook(
            db,
            deps,
            {
              rawBody: await c.req.text(),
              signature: c.req.header("x-razorpay-signature"),
              eventId: c.req.header("x-razorpay-event-id"),
            },
            now(),
          ),
        ),
    )
    .post("/razorpay/orders", student, validate("json", planIdInputSchema), async (c) =>
      c.json(await createCheckoutOrder(db, deps, viewerOf(c), c.req.valid("json").planId, now())),
    )
    .post("/razorpay/verify", student, validate("json", razorpayVerifyInputSchema), async (c) =>
      c.json(await verifyCheckoutPayment(db, deps, viewerOf(c), c.req.valid("json"), now())),
    )
    .post("/razorpay/failure", student, validate("json", razorpayFailureInputSchema), async (c) => {
      const input = c.req.valid("json");
      return c.json(
        await recordCheckoutFailure(
          db,
          viewerOf(c),
          {
            orderId: input.razorpay_order_id,
            reason: input.reason,
          },
          now(),
        ),
      );
    })
    .get("/transactions", student, async (c) =>
      c.json(await listMyTransactions(db, viewerOf(c).userId)),
    )
    .get("/transactions/:id/receipt", student, validate("param", idParamSchema), async (c) =>
      c.json(await getMyReceipt(db, viewerOf(c).userId, c.req.valid("param").id)),
    )
    .get("/transactions/:id/invoice.pdf", student, validate("param", idParamSchema), async (c) => {
      const pdf = await getMyInvoicePdf(db, viewerOf(c).userId, c.req.valid("param").id);
      return c.body(new Uint8Array(pdf.bytes), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      });
    });
}
