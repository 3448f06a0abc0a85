import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { paymentTransactions, userSubscriptions } from "../../db/schema/subscriptions.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { enqueueMessages } from "../notifications/outbox.ts";
import {
  clawBackReferral,
  recordReferralPayment,
  releaseCredit,
} from "../referrals/referral-ledger.ts";
import type { Payer } from "../referrals/referral-rules.ts";
import { activateSubscription } from "../subscriptions/activation.ts";
import { findPlanBar } from "../subscriptions/plan-eligibility.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { issueInvoice } from "./invoices.ts";

export type CapturedPayment = {
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  /** The email and phone the payer gave Checkout, where Razorpay reports them. */
  payer?: Payer;
};

export type LedgerOutcome =
  | {
      outcome: "activated" | "already-paid";
      transactionId: string;
      subscriptionId: string | null;
      /** The outbox rows written with the activation (its receipt mail), for `Outbox#deliver`. */
      messages: string[];
    }
  | { outcome: "unknown-order" }
  | { outcome: "amount-mismatch" }
  | { outcome: "duplicate-payment" }
  /** Paid, but for a plan an admin cancelled on this account: recorded, not activated. */
  | { outcome: "refused"; transactionId: string; subscriptionId: string | null };

export type RecordCapturedPaymentInput = {
  payment: CapturedPayment;
  now: Date;
};

/**
 * Records a captured payment and activates its subscription, once: the transaction row is locked,
 * so the browser's verification and the webhook (in either order, or together) activate it a
 * single time. A payment whose amount or currency differs from the order's activates nothing, and
 * so does a payment id already recorded on another order (payment_transactions_payment_key holds
 * each Razorpay payment id once; a race for it ends in "duplicate-payment" too, decision 030).
 * Neither does one for a plan an admin cancelled on the student's account (decision 028).
 * An activation issues the payment's tax invoice in the same transaction (decision 040), and
 * enqueues the "Payment received" mail (docs/guides/messages.md; its dedupe key is the payment
 * id, so a replayed webhook or a retried verification writes no second one): the caller delivers
 * `messages` after its commit.
 */
export async function recordCapturedPayment(
  db: DbOrTx,
  { payment, now }: RecordCapturedPaymentInput,
): Promise<LedgerOutcome> {
  try {
    return await recordOnce(db, payment, now);
  } catch (error) {
    if (isUniqueViolation(error, "payment_transactions_payment_key")) {
      return { outcome: "duplicate-payment" };
    }
    throw error;
  }
}

/**
 * A paid checkout whose subscription is cancelled and never started was refused by an admin's
 * cancellation (decision 028): a failed payment cancels its subscription too, but then the
 * transaction is not paid.
 */
export async function isRefusedCheckout(db: DbOrTx, subscriptionId: string | null) {
  if (!subscriptionId) return false;
  const [held] = await db
    .select({ status: userSubscriptions.status, startDate: userSubscriptions.startDate })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, subscriptionId));
  return held?.status === "cancelled" && held.startDate === null;
}

async function recordOnce(db: DbOrTx, payment: CapturedPayment, now: Date): Promise<LedgerOutcome> {
  return db.transaction(async (tx) => {
    const [transaction] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.gatewayOrderId, payment.orderId))
      .for("update");
    if (!transaction) return { outcome: "unknown-order" };
    if (transaction.status === "paid") {
      // A paid checkout whose subscription never started was refused (decision 028): a retried
      // verification or a second webhook says so again instead of reading as a success.
      if (await isRefusedCheckout(tx, transaction.subscriptionId)) {
        return {
          outcome: "refused",
          transactionId: transaction.id,
          subscriptionId: transaction.subscriptionId,
        };
      }
      return {
        outcome: "already-paid",
        transactionId: transaction.id,
        subscriptionId: transaction.subscriptionId,
        messages: [],
      };
    }
    if (transaction.amount !== payment.amount || transaction.currency !== payment.currency) {
      return { outcome: "amount-mismatch" };
    }
    const [recorded] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.gatewayPaymentId, payment.paymentId));
    if (recorded) return { outcome: "duplicate-payment" };
    await tx
      .update(paymentTransactions)
      .set({
        status: "paid",
        gatewayPaymentId: payment.paymentId,
        failureReason: null,
        paidAt: now,
        updatedAt: now,
      })
      .where(eq(paymentTransactions.id, transaction.id));
    const [subscription] = transaction.subscriptionId
      ? await tx
          .select()
          .from(userSubscriptions)
          .where(
            and(
              eq(userSubscriptions.id, transaction.subscriptionId),
              inArray(userSubscriptions.status, ["pending", "cancelled"]),
            ),
          )
          .for("update")
      : [];
    // An admin's cancellation sticks (decision 028), even against a checkout opened before it:
    // the payment stays recorded (the admin sees it in the subscription's details to refund it).
    const bar =
      subscription?.planId &&
      (await findPlanBar(tx, {
        userId: subscription.userId,
        plan: {
          id: subscription.planId,
          isFree: false,
        },
      }));
    if (subscription && (bar || subscription.cancelledByAdminAt)) {
      // Charged at the reduced amount: the credit it held is spent; nothing is earned.
      await recordReferralPayment(tx, { transaction, now, activated: false });
      await tx
        .update(userSubscriptions)
        .set({ status: "cancelled", updatedAt: now })
        .where(eq(userSubscriptions.id, subscription.id));
      return {
        outcome: "refused",
        transactionId: transaction.id,
        subscriptionId: transaction.subscriptionId,
      };
    }
    let messages: string[] = [];
    if (subscription) {
      const activated = await activateSubscription(tx, {
        subscription,
        now,
        paymentId: payment.paymentId,
      });
      // The tax invoice's number is taken in this transaction: gap-free (decision 040).
      const invoice = await issueInvoice(tx, { transaction, subscription: activated, now });
      messages = await enqueueMessages(tx, {
        messages: [
          {
            kind: "paymentReceived",
            userId: transaction.userId,
            ref: payment.paymentId,
            payload: {
              plan: transaction.planName,
              amountPaise: transaction.amount,
              currency: transaction.currency,
              validUntil: activated.endDate?.toISOString() ?? "",
              invoiceNumber: invoice.number,
              url: `/student/transactions/${transaction.id}/receipt`,
            },
          },
        ],
        now,
      });
    }
    // Its credit is spent, and a referred student's first payment earns the referrer's credit.
    await recordReferralPayment(tx, {
      transaction,
      now,
      activated: Boolean(subscription),
      payer: payment.payer,
    });
    return {
      outcome: "activated",
      transactionId: transaction.id,
      subscriptionId: transaction.subscriptionId,
      messages,
    };
  });
}

export type RecordFailedPaymentInput = {
  input: { orderId: string; reason: string; userId?: string };
  now: Date;
};

/** A failed payment: the transaction reads failed and its pending subscription is cancelled. */
export async function recordFailedPayment(db: DbOrTx, { input, now }: RecordFailedPaymentInput) {
  return db.transaction(async (tx) => {
    const [transaction] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.gatewayOrderId, input.orderId))
      .for("update");
    if (!transaction || (input.userId && transaction.userId !== input.userId)) return null;
    if (transaction.status === "paid") return transaction;
    await tx
      .update(paymentTransactions)
      .set({ status: "failed", failureReason: input.reason.slice(0, 500), updatedAt: now })
      .where(eq(paymentTransactions.id, transaction.id));
    // The credit this checkout held is the student's to spend again (decisions 043 and 058).
    await releaseCredit(tx, { transactionIds: [transaction.id], now });
    if (transaction.subscriptionId) {
      await tx
        .update(userSubscriptions)
        .set({ status: "cancelled", updatedAt: now })
        .where(
          and(
            eq(userSubscriptions.id, transaction.subscriptionId),
            eq(userSubscriptions.status, "pending"),
          ),
        );
    }
    return { ...transaction, status: "failed" as const };
  });
}

export type RecordRefundInput = {
  input: { paymentId: string; refundedPaise: number };
  now: Date;
};

/**
 * Razorpay refunded (part of) a captured payment (the refund.processed webhook): the
 * refunded total is kept (the largest seen, so redeliveries agree), and once it covers the whole
 * amount the transaction reads refunded and the referrer's credit earned from it is clawed back
 * (decision 043). Each increase of the refunded total issues a credit note against
 * the payment's invoice (decision 059). The subscription itself is left to the admin.
 */
export async function recordRefund(db: DbOrTx, { input, now }: RecordRefundInput) {
  return db.transaction(async (tx) => {
    const [transaction] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.gatewayPaymentId, input.paymentId))
      .for("update");
    if (!transaction) return "unknown-payment" as const;
    if (transaction.status !== "paid" && transaction.status !== "refunded") {
      return "ignored" as const;
    }
    const refunded = Math.min(
      transaction.amount,
      Math.max(transaction.refundedPaise, Math.floor(input.refundedPaise)),
    );
    const full = refunded >= transaction.amount;
    await tx
      .update(paymentTransactions)
      .set({
        refundedPaise: refunded,
        ...(full && transaction.status === "paid"
          ? { status: "refunded" as const, refundedAt: now }
          : {}),
        updatedAt: now,
      })
      .where(eq(paymentTransactions.id, transaction.id));
    // What was refunded since the last event gets its credit note (decision 059); a redelivery
    // refunds nothing more and issues none.
    await issueCreditNote(tx, {
      transaction,
      refund: { refundedBeforePaise: transaction.refundedPaise, refundedNowPaise: refunded },
      now,
    });
    if (!full) return "partial" as const;
    await clawBackReferral(tx, { transactionIds: [transaction.id], now });
    return "refunded" as const;
  });
}
