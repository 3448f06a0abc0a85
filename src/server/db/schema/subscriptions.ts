import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "active",
  "pending",
  "cancelled",
  "expired",
  // Ended early because the student activated another plan (decision 028).
  "replaced",
]);

/** Payment state of one checkout (one Razorpay order). */
export const paymentStatusEnum = pgEnum("payment_status", [
  "created",
  "paid",
  "failed",
  // Razorpay refunded the whole amount (the refund.processed webhook; decision 043).
  "refunded",
]);

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    price: numeric("price", { precision: 10, scale: 2 }).notNull().default("0"),
    currency: text("currency").notNull().default("INR"),
    /** 0 means lifetime. */
    durationDays: integer("duration_days").notNull().default(30),
    /** null means unlimited (the form's -1). */
    examLimit: integer("exam_limit").default(10),
    attemptLimitPerExam: integer("attempt_limit_per_exam").default(3),
    /** Practice tests a student may build per calendar month (decision 041); null: unlimited. */
    practiceLimit: integer("practice_limit"),
    /** Mains answers evaluated per plan period (decision 042); null means unlimited. */
    evaluationLimit: integer("evaluation_limit"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscription_plans_active_price_idx").on(t.isActive, t.price),
    index("subscription_plans_created_at_idx").on(t.createdAt),
    check("subscription_plans_price_non_negative", sql`${t.price} >= 0`),
    check("subscription_plans_duration_non_negative", sql`${t.durationDays} >= 0`),
    check(
      "subscription_plans_exam_limit_positive",
      sql`${t.examLimit} is null or ${t.examLimit} >= 0`,
    ),
    check(
      "subscription_plans_attempt_limit_positive",
      sql`${t.attemptLimitPerExam} is null or ${t.attemptLimitPerExam} >= 0`,
    ),
    check(
      "subscription_plans_practice_limit_positive",
      sql`${t.practiceLimit} is null or ${t.practiceLimit} >= 0`,
    ),
    check(
      "subscription_plans_evaluation_limit_positive",
      sql`${t.evaluationLimit} is null or ${t.evaluationLimit} >= 0`,
    ),
    check("subscription_plans_name_not_blank", sql`btrim(${t.name}) <> ''`),
  ],
);

export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Null once the plan is deleted; the terms below were copied from it at purchase. */
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    status: subscriptionStatusEnum("status").notNull().default("pending"),
    startDate: timestamp("start_date", { withTimezone: true }),
    /** null while active means lifetime. */
    endDate: timestamp("end_date", { withTimezone: true }),
    gatewayOrderId: text("gateway_order_id"),
    gatewayPaymentId: text("gateway_payment_id"),
    // The plan's terms when it was bought: what the student paid for is what they get, even if
    // an admin edits or deletes the plan later.
    planName: text("plan_name").notNull().default(""),
    durationDays: integer("duration_days").notNull().default(30),
    examLimit: integer("exam_limit"),
    attemptLimitPerExam: integer("attempt_limit_per_exam"),
    practiceLimit: integer("practice_limit"),
    evaluationLimit: integer("evaluation_limit"),
    /** Activated as a price-0 plan: at most one such row per student and plan (decision 028). */
    freeActivation: boolean("free_activation").notNull().default(false),
    /** Set when an admin cancelled it: the student cannot activate that plan again. */
    cancelledByAdminAt: timestamp("cancelled_by_admin_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_subscriptions_user_status_idx").on(t.userId, t.status),
    index("user_subscriptions_plan_id_idx").on(t.planId),
    index("user_subscriptions_created_at_idx").on(t.createdAt),
    // The abandoned-checkout sweeper (every 30 s) reads only pending rows by age.
    index("user_subscriptions_pending_created_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("user_subscriptions_gateway_order_key").on(t.gatewayOrderId),
    uniqueIndex("user_subscriptions_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    // A free plan activates once per student, ever: two concurrent requests cannot both win.
    uniqueIndex("user_subscriptions_free_once")
      .on(t.userId, t.planId)
      .where(sql`${t.freeActivation}`),
  ],
);

/**
 * One row per checkout: the Razorpay order we created (receipt = this id), its amount in the
 * currency's subunit (paise), and how it ended.
 */
export const paymentTransactions = pgTable(
  "payment_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => userSubscriptions.id, {
      onDelete: "set null",
    }),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    planName: text("plan_name").notNull(),
    /** In the currency's smallest unit (paise), as sent to Razorpay: what is charged. */
    amount: integer("amount").notNull(),
    // The breakdown of `amount` (decision 043, paise): plan price − referral discount − credit
    // applied = amount. Null plan price: a row from before the breakdown (amount was the price).
    planPricePaise: integer("plan_price_paise"),
    referralDiscountPaise: integer("referral_discount_paise").notNull().default(0),
    creditAppliedPaise: integer("credit_applied_paise").notNull().default(0),
    /** Total refunded by Razorpay so far (paise); refundedAt once it covers the whole amount. */
    refundedPaise: integer("refunded_paise").notNull().default(0),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    currency: text("currency").notNull(),
    status: paymentStatusEnum("status").notNull().default("created"),
    gateway: text("gateway").notNull().default("razorpay"),
    gatewayOrderId: text("gateway_order_id").notNull(),
    gatewayPaymentId: text("gateway_payment_id"),
    failureReason: text("failure_reason"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_transactions_order_key").on(t.gatewayOrderId),
    uniqueIndex("payment_transactions_payment_key").on(t.gatewayPaymentId),
    index("payment_transactions_user_created_idx").on(t.userId, t.createdAt),
    index("payment_transactions_paid_at_idx").on(t.paidAt).where(sql`${t.status} = 'paid'`),
    check("payment_transactions_amount_positive", sql`${t.amount} > 0`),
    check(
      "payment_transactions_breakdown_adds_up",
      sql`${t.planPricePaise} is null or ${t.planPricePaise} - ${t.referralDiscountPaise} - ${t.creditAppliedPaise} = ${t.amount}`,
    ),
    check(
      "payment_transactions_reductions_non_negative",
      sql`${t.referralDiscountPaise} >= 0 and ${t.creditAppliedPaise} >= 0 and ${t.refundedPaise} >= 0`,
    ),
  ],
);

/**
 * Webhook deliveries already handled, keyed twice: by Razorpay's X-Razorpay-Event-Id (a header the
 * signature does not cover) and by the SHA-256 of the signed body, so a replayed body under a new
 * event id is a duplicate too (decision 030). Rows from before the body hash have it null.
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    eventId: text("event_id").primaryKey(),
    event: text("event").notNull(),
    bodySha256: text("body_sha256"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_webhook_events_body_key").on(t.bodySha256)],
);

export const paymentGateways = pgTable("payment_gateways", {
  id: uuid("id").primaryKey().defaultRandom(),
  gatewayName: text("gateway_name").notNull().unique(),
  keyId: text("key_id"),
  /** AES-256-GCM ciphertext (lib/secret-box.ts); never returned or logged. */
  keySecret: text("key_secret"),
  webhookSecret: text("webhook_secret"),
  /** Last four characters of each secret, for the masked display. */
  keySecretHint: text("key_secret_hint"),
  webhookSecretHint: text("webhook_secret_hint"),
  isActive: boolean("is_active").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number used in each series (invoices, credit notes) and financial year ("2026-27").
 * The capture (or refund) transaction increments its row (a row lock), so numbers are sequential
 * and, since a rolled-back transaction gives its number back, gap-free (decisions 040, 059).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text("series").notNull().default("invoice"),
    financialYear: text("financial_year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [
    primaryKey({ name: "invoice_counters_pkey", columns: [t.series, t.financialYear] }),
    check("invoice_counters_series_valid", sql`${t.series} in ('invoice', 'credit_note')`),
  ],
);

/**
 * A tax invoice, issued once per activated payment in the capture's transaction. It copies the
 * seller, the rate, the plan and its validity at that moment: later changes to the settings or
 * the plan do not rewrite an invoice already issued.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    sellerName: text("seller_name").notNull(),
    sellerAddress: text("seller_address").notNull(),
    sellerGstin: text("seller_gstin").notNull(),
    /** Percent; null: GST not applicable. */
    gstRate: numeric("gst_rate", { precision: 5, scale: 2 }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    planName: text("plan_name").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull(),
    /** null: lifetime. */
    validUntil: timestamp("valid_until", { withTimezone: true }),
    currency: text("currency").notNull(),
    totalPaise: integer("total_paise").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    // GST rule 46 (decision 059): the service's SAC, the seller's state, the place of supply
    // (the buyer's state) and the tax as CGST + SGST (same state) or IGST. The states and the
    // split are null on invoices issued before they were kept (one "GST @ rate" line).
    sacCode: text("sac_code").notNull().default("999293"),
    sellerStateCode: text("seller_state_code"),
    buyerStateCode: text("buyer_state_code"),
    placeOfSupplyCode: text("place_of_supply_code"),
    cgstPaise: integer("cgst_paise"),
    sgstPaise: integer("sgst_paise"),
    igstPaise: integer("igst_paise"),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    uniqueIndex("invoices_year_sequence_key").on(t.financialYear, t.sequence),
    uniqueIndex("invoices_transaction_key").on(t.transactionId),
    index("invoices_user_issued_idx").on(t.userId, t.issuedAt),
    check("invoices_amounts_add_up", sql`${t.taxablePaise} + ${t.taxPaise} = ${t.totalPaise}`),
    check(
      "invoices_tax_parts_add_up",
      sql`${t.cgstPaise} is null or ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.taxPaise}`,
    ),
  ],
);

/**
 * A credit note for a refund of an invoiced payment (decision 059), issued in the refund's
 * transaction with its own gap-free series ("CN/2026-27/00004"). It credits the part of the
 * payment refunded since the last note: `refunded_through_paise` is the payment's refunded total
 * once this note is issued, unique per invoice, so a redelivered refund event issues nothing.
 * Seller, buyer, rate and states are the invoice's, which never changes.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    refundedThroughPaise: integer("refunded_through_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    taxPaise: integer("tax_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_key").on(t.number),
    uniqueIndex("credit_notes_year_sequence_key").on(t.financialYear, t.sequence),
    uniqueIndex("credit_notes_invoice_refunded_key").on(t.invoiceId, t.refundedThroughPaise),
    index("credit_notes_transaction_idx").on(t.transactionId, t.issuedAt),
    check("credit_notes_total_positive", sql`${t.totalPaise} > 0`),
    check(
      "credit_notes_amounts_add_up",
      sql`${t.taxablePaise} + ${t.taxPaise} = ${t.totalPaise} and ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.taxPaise}`,
    ),
  ],
);
