import { Hono } from "hono";
import { buyerStateInputSchema, checkoutOrderInputSchema } from "../../../shared/gst-states.ts";
import {
  razorpayFailureInputSchema,
  razorpayVerifyInputSchema,
} from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../lib/context.ts";
import { requireRole, viewerOf } from "../../lib/guards.ts";
import { idParamSchema } from "../../lib/params.ts";
import { bodyLimit, openDuringMaintenance } from "../../lib/route-policy.ts";
import { validate } from "../../lib/validate.ts";
import { getBillingState, setBillingState, startCheckout } from "./buyer-state.ts";
import { recordCheckoutFailure, verifyCheckoutPayment } from "./checkout.service.ts";
import type { PaymentsDeps } from "./payments-deps.ts";
import {
  getCreditNotePdf,
  getInvoicePdf,
  getMyReceipt,
  listMyTransactions,
} from "./transactions.service.ts";
import { handleRazorpayWebhook } from "./webhook.service.ts";

/** Razorpay's events are a few kilobytes; this leaves room for long notes. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
export const WEBHOOK_BODY_LIMIT_MESSAGE = "Webhook body too large.";

/** A generated PDF, downloaded under its file name. */
export const pdfHeaders = (fileName: string) => ({
  "Content-Type": "application/pdf",
  "Content-Disposition": `attachment; filename="${fileName}"`,
});

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
  return (
    new Hono<AppEnv>()
      .post(
        "/razorpay/webhook",
        // A payment made just before maintenance must still activate.
        openDuringMaintenance,
        bodyLimit(WEBHOOK_BODY_LIMIT, WEBHOOK_BODY_LIMIT_MESSAGE),
        async (c) =>
          c.json(
            await handleRazorpayWebhook(db, {
              deps,
              input: {
                rawBody: await c.req.text(),
                signature: c.req.header("x-razorpay-signature"),
                eventId: c.req.header("x-razorpay-event-id"),
              },
              now: now(),
            }),
          ),
      )
      // The buyer's state is asked once, at the first paid checkout (decision 059).
      .post("/razorpay/orders", student, validate("json", checkoutOrderInputSchema), async (c) =>
        c.json(
          await startCheckout(db, {
            deps,
            viewer: viewerOf(c),
            input: c.req.valid("json"),
            now: now(),
          }),
        ),
      )
      .get("/billing-state", student, async (c) =>
        c.json(await getBillingState(db, viewerOf(c).userId)),
      )
      .put("/billing-state", student, validate("json", buyerStateInputSchema), async (c) =>
        c.json(
          await setBillingState(db, {
            userId: viewerOf(c).userId,
            stateCode: c.req.valid("json").stateCode,
          }),
        ),
      )
      .post("/razorpay/verify", student, validate("json", razorpayVerifyInputSchema), async (c) =>
        c.json(
          await verifyCheckoutPayment(db, {
            deps,
            viewer: viewerOf(c),
            input: c.req.valid("json"),
            now: now(),
          }),
        ),
      )
      .post(
        "/razorpay/failure",
        student,
        validate("json", razorpayFailureInputSchema),
        async (c) => {
          const input = c.req.valid("json");
          return c.json(
            await recordCheckoutFailure(db, {
              viewer: viewerOf(c),
              input: {
                orderId: input.razorpay_order_id,
                reason: input.reason,
              },
              now: now(),
            }),
          );
        },
      )
      .get("/transactions", student, async (c) =>
        c.json(await listMyTransactions(db, viewerOf(c).userId)),
      )
      .get("/transactions/:id/receipt", student, validate("param", idParamSchema), async (c) =>
        c.json(await getMyReceipt(db, { userId: viewerOf(c).userId, id: c.req.valid("param").id })),
      )
      .get(
        "/transactions/:id/invoice.pdf",
        student,
        validate("param", idParamSchema),
        async (c) => {
          const pdf = await getInvoicePdf(db, {
            transactionId: c.req.valid("param").id,
            userId: viewerOf(c).userId,
          });
          return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.fileName));
        },
      )
      .get(
        "/credit-notes/:id/credit-note.pdf",
        student,
        validate("param", idParamSchema),
        async (c) => {
          const pdf = await getCreditNotePdf(db, {
            id: c.req.valid("param").id,
            userId: viewerOf(c).userId,
          });
          return c.body(new Uint8Array(pdf.bytes), 200, pdfHeaders(pdf.fileName));
        },
      )
  );
}
