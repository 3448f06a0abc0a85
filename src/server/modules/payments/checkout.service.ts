import { and, desc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { PAYMENT_MESSAGES, type razorpayVerifyInputSchema } from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { profiles } from "../../db/schema/profiles.ts";
import {
  paymentTransactions,
  subscriptionPlans,
  userSubscriptions,
} from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Viewer } from "../../lib/context.ts";
import { holdCredit, quoteCheckout } from "../referrals/referral-ledger.ts";
import { getSiteSettings } from "../settings/settings.service.ts";
import { findPlanBar, PLAN_BAR_MESSAGES } from "../subscriptions/plan-eligibility.ts";
import { getMySubscription } from "../subscriptions/student-subscriptions.service.ts";
import { loadRazorpayCredentials, requireActiveRazorpay } from "./gateway-settings.service.ts";
import { isRefusedCheckout, recordCapturedPayment, recordFailedPayment } from "./payment-ledger.ts";
import type { PaymentsDeps } from "./payments-deps.ts";
import { createRazorpayClient, RazorpayApiError } from "./razorpay-client.ts";
import { isValidRazorpaySignature } from "./razorpay-signature.ts";

type VerifyInput = z.output<typeof razorpayVerifyInputSchema>;

/** A checkout left open this long is offered again (same order) instead of a new one. */
const REUSE_ORDER_MS = 30 * 60_000;

/** Why a reused order was replaced (its held credit released, decision 058). */
export const REPRICED_REASON = "Replaced by a new order: the price changed.";

/** Whether an open order carries the amounts a new quote gives. */
function isPricedAs(
  row: { amount: number; referralDiscountPaise: number; creditAppliedPaise: number },
  quote: { amountPaise: number; referralDiscountPaise: number; creditAppliedPaise: number },
) {
  return (
    row.amount === quote.amountPaise &&
    row.referralDiscountPaise === quote.referralDiscountPaise &&
    row.creditAppliedPaise === quote.creditAppliedPaise
  );
}

/** "499.00" → 49900: the plan's stored price in the currency's subunit, without floats. */
export function toSubunits(price: string): number {
  const [whole = "0", fraction = ""] = price.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}

function gatewayFailure(error: unknown, deps: PaymentsDeps): never {
  if (error instanceof RazorpayApiError) {
    deps.logger.warn("razorpay call failed", { status: error.status, message: error.message });
    throw new AppError("BAD_GATEWAY", PAYMENT_MESSAGES.gatewayUnreachable);
  }
  throw error;
}

export type CreateCheckoutOrderInput = {
  deps: PaymentsDeps;
  viewer: Pick<Viewer, "userId">;
  planId: string;
  now?: Date;
};

/**
 * Starts a checkout: the server prices it from the stored plan, creates the Razorpay order
 * (receipt = our transaction id) and records the transaction and a pending subscription. Calls
 * for the same plan are serialised per student and reuse a recent unpaid order, so a double
 * click opens one order.
 */
export async function createCheckoutOrder(
  db: Db,
  { deps, viewer, planId, now = new Date() }: CreateCheckoutOrderInput,
) {
  const credentials = await requireActiveRazorpay(db, deps);
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
  if (!plan) throw new AppError("CONFLICT", PAYMENT_MESSAGES.planUnavailable);
  const planPricePaise = toSubunits(plan.price);
  if (planPricePaise === 0)
    throw new AppError("BAD_REQUEST", "This plan is free: no payment is needed.");
  const settings = await getSiteSettings(db);

  const transaction = await db.transaction(async (tx) => {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.id, viewer.userId))
      .for("update");
    if (!profile) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
    const bar = await findPlanBar(tx, {
      userId: viewer.userId,
      plan: { id: plan.id, isFree: false },
    });
    if (bar) throw new AppError("CONFLICT", PLAN_BAR_MESSAGES[bar]);
    const [recent] = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.userId, viewer.userId),
          eq(paymentTransactions.planId, plan.id),
          eq(paymentTransactions.status, "created"),
          eq(paymentTransactions.planPricePaise, planPricePaise),
          eq(paymentTransactions.currency, plan.currency),
          gt(paymentTransactions.createdAt, new Date(now.getTime() - REUSE_ORDER_MS)),
        ),
      )
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(1);
    // The referral discount and the student's credit lower the order here, on the server
    // (decisions 043 and 058); the breakdown is stored on the transaction and the credit held for
    // it. A recent open order is reused only while it is priced as a new one would be: once the
    // student's credit changed (a credit left its refund window, was clawed back), it is
    // replaced, its held credit released (decision 058).
    let breakdown = await quoteCheckout(tx, {
      userId: viewer.userId,
      planPricePaise,
      now,
      reusable: recent?.id,
    });
    if (recent) {
      if (isPricedAs(recent, breakdown)) return { row: recent, profile };
      await recordFailedPayment(tx, {
        input: { orderId: recent.gatewayOrderId, reason: REPRICED_REASON, userId: viewer.userId },
        now,
      });
      breakdown = await quoteCheckout(tx, { userId: viewer.userId, planPricePaise, now });
    }
    const amount = breakdown.amountPaise;
    const transactionId = crypto.randomUUID();
    const order = await createRazorpayClient({ apiUrl: deps.apiUrl, ...credentials })
      .createOrder({
        amount,
        currency: plan.currency,
        receipt: transactionId,
        notes: { user_id: viewer.userId, plan_id: plan.id, plan_name: plan.name.slice(0, 200) },
      })
      .catch((error: unknown) => gatewayFailure(error, deps));
    const [subscription] = await tx
      .insert(userSubscriptions)
      .values({
        userId: viewer.userId,
        planId: plan.id,
        status: "pending",
        gatewayOrderId: order.id,
        planName: plan.name,
        durationDays: plan.durationDays,
        examLimit: plan.examLimit,
        attemptLimitPerExam: plan.attemptLimitPerExam,
        practiceLimit: plan.practiceLimit,
        evaluationLimit: plan.evaluationLimit,
      })
      .returning();
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        id: transactionId,
        userId: viewer.userId,
        subscriptionId: subscription?.id,
        planId: plan.id,
        planName: plan.name,
        amount,
        planPricePaise,
        referralDiscountPaise: breakdown.referralDiscountPaise,
        creditAppliedPaise: breakdown.creditAppliedPaise,
        currency: plan.currency,
        gatewayOrderId: order.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await holdCredit(tx, {
      userId: viewer.userId,
      transactionId,
      amountPaise: breakdown.creditAppliedPaise,
      now,
    });
    return { row, profile };
  });

  const { row, profile } = transaction;
  return {
    transactionId: row.id,
    orderId: row.gatewayOrderId,
    amount: row.amount,
    currency: row.currency,
    /** What the amount is made of, in rupees: price − referral discount − credit = amount. */
    breakdown: {
      planPrice: (row.planPricePaise ?? row.amount) / 100,
      referralDiscount: row.referralDiscountPaise / 100,
      creditApplied: row.creditAppliedPaise / 100,
      amount: row.amount / 100,
    },
    keyId: credentials.keyId,
    checkoutUrl: deps.checkoutUrl,
    name: settings.appTitle,
    description: plan.name,
    prefill: {
      name: profile.fullName ?? "",
      email: profile.email ?? "",
      contact: profile.mobileNumber ?? "",
    },
  };
}

export type VerifyCheckoutPaymentInput = {
  deps: PaymentsDeps;
  viewer: Pick<Viewer, "userId">;
  input: VerifyInput;
  now?: Date;
};

/**
 * Checkout's success response: the signature must match (constant time), the order must be the
 * student's, and Razorpay must confirm the payment is captured for the order's amount; then the
 * subscription is activated in one transaction. Repeating it changes nothing.
 */
export async function verifyCheckoutPayment(
  db: Db,
  { deps, viewer, input, now = new Date() }: VerifyCheckoutPaymentInput,
) {
  const credentials = await loadRazorpayCredentials(db, deps);
  if (!credentials) throw new AppError("CONFLICT", PAYMENT_MESSAGES.notConfigured);
  const payload = `${input.razorpay_order_id}|${input.razorpay_payment_id}`;
  if (!isValidRazorpaySignature(payload, credentials.keySecret, input.razorpay_signature)) {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.signatureMismatch);
  }
  const [transaction] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.gatewayOrderId, input.razorpay_order_id));
  if (!transaction || transaction.userId !== viewer.userId) {
    throw new AppError("NOT_FOUND", "Payment not found.");
  }
  if (transaction.status === "paid" && transaction.gatewayPaymentId !== input.razorpay_payment_id) {
    throw new AppError("CONFLICT", "This order has already been paid.");
  }
  if (transaction.status === "paid" && (await isRefusedCheckout(db, transaction.subscriptionId))) {
    // A retried verification of a refused payment refuses again (never "Payment Successful").
    throw new AppError("CONFLICT", PLAN_BAR_MESSAGES["cancelled-by-admin"]);
  }
  if (transaction.status !== "paid") {
    const client = createRazorpayClient({ apiUrl: deps.apiUrl, ...credentials });
    let payment = await client
      .fetchPayment(input.razorpay_payment_id)
      .catch((error: unknown) => gatewayFailure(error, deps));
    if (payment.order_id !== transaction.gatewayOrderId) {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.signatureMismatch);
    }
    if (payment.amount !== transaction.amount || payment.currency !== transaction.currency) {
      deps.logger.warn("payment amount differs from the order", { orderId: transaction.id });
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.amountMismatch);
    }
    if (payment.status === "authorized") {
      payment = await client
        .capturePayment(payment.id, transaction.amount, transaction.currency)
        .catch((error: unknown) => gatewayFailure(error, deps));
    }
    if (payment.status !== "captured") {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.paymentNotCaptured);
    }
    const result = await recordCapturedPayment(db, {
      payment: {
        orderId: transaction.gatewayOrderId,
        paymentId: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        payer: { email: payment.email, contact: payment.contact },
      },
      now,
    });
    if (result.outcome === "amount-mismatch" || result.outcome === "unknown-order") {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.amountMismatch);
    }
    if (result.outcome === "refused") {
      throw new AppError("CONFLICT", PLAN_BAR_MESSAGES["cancelled-by-admin"]);
    }
    if (result.outcome === "duplicate-payment") {
      throw new AppError("CONFLICT", "This payment has already been recorded for another order.");
    }
    // The "Payment received" mail committed with the activation goes now.
    await deps.outbox.deliver(result.messages, now);
  }
  return { subscription: await getMySubscription(db, { userId: viewer.userId, now }) };
}

export type RecordCheckoutFailureInput = {
  viewer: Pick<Viewer, "userId">;
  input: { orderId: string; reason?: string };
  now?: Date;
};

/** Checkout reported a failed payment: mark it failed (a later capture still activates). */
export async function recordCheckoutFailure(
  db: Db,
  { viewer, input, now = new Date() }: RecordCheckoutFailureInput,
) {
  const row = await recordFailedPayment(db, {
    input: {
      orderId: input.orderId,
      reason: input.reason || "Payment failed.",
      userId: viewer.userId,
    },
    now,
  });
  if (!row) throw new AppError("NOT_FOUND", "Payment not found.");
  return { status: row.status };
}
