import { z } from "zod";
import { msg } from "./i18n/msg.ts";
import { text } from "./text.ts";

export { formatPrice, isHighlightedPlan, PLANS_PATH, priceSuffix } from "./plan-display.ts";

/** 'replaced': ended early because the student activated another plan (decision 028). */
export const SUBSCRIPTION_STATUSES = [
  "active",
  "pending",
  "cancelled",
  "expired",
  "replaced",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = ["created", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spec constants: plan defaults, the -1 sentinel, the admin search debounce. */
export const PLAN_DEFAULTS = {
  price: 0,
  currency: "INR",
  durationDays: 30,
  examLimit: 10,
  attemptLimitPerExam: 3,
  isActive: true,
} as const;
export const UNLIMITED = -1;
export const USER_SUBSCRIPTION_SEARCH_DEBOUNCE_MS = 500;
export const PLAN_DELETE_BLOCKED_TOAST_MS = 7000;
/**
 * The Razorpay webhook events the server acts on (payments/webhook.service.ts switches on exactly
 * these): payment.captured and order.paid activate a plan, payment.failed records the failure,
 * refund.processed records a refund (a full one marks the payment refunded and claws back its
 * referral credit). The payment settings screen, README and docs/deploy.md list them for the
 * dashboard; a test checks the screen shows each.
 */
export const RAZORPAY_WEBHOOK_EVENTS = [
  "payment.captured",
  "order.paid",
  "payment.failed",
  "refund.processed",
] as const;
export type RazorpayWebhookEvent = (typeof RAZORPAY_WEBHOOK_EVENTS)[number];

/** Razorpay refuses orders below 1.00 in the currency. */
export const MIN_PAID_PRICE = 1;

export const PLAN_MESSAGES = {
  empty: "No subscription plans available at the moment. Please check back later.",
  adminEmpty: "No Subscription Plans Found",
  deactivateAdvice: "Deactivating a plan is advised instead of deleting it.",
  nameRequired: "Plan name is required.",
  priceInvalid: "Price must be a number of at least 0, in steps of 0.01.",
  priceTooLow: "A paid plan must cost at least 1.00 (Razorpay's minimum).",
  currencyInvalid: "Currency is required: a three-letter code such as INR.",
  durationInvalid: "Duration must be 0 (lifetime) or more days.",
  limitInvalid: "Enter -1 for unlimited, or 0 or more.",
  alreadyCurrent: "This is already your current plan.",
  replaceNote:
    "Buying another plan replaces your current plan from today: the new plan runs for its own duration, and the rest of the current one is not carried over.",
} as const;

/** 'Cannot Delete Plan' description, word for word from the spec. */
export function planDeleteBlockedMessage(count: number): string {
  return `This plan cannot be deleted because ${count} user(s) are currently subscribed to it. Consider deactivating the plan instead.`;
}

const limitSchema = z
  .number(PLAN_MESSAGES.limitInvalid)
  .int(PLAN_MESSAGES.limitInvalid)
  .min(UNLIMITED, PLAN_MESSAGES.limitInvalid)
  .max(100_000, PLAN_MESSAGES.limitInvalid)
  .nullable()
  // Spec: -1 entered means unlimited and is stored as null.
  .transform((v) => (v === null || v === UNLIMITED ? null : v));

export const planInputSchema = z
  .object({
    name: text().trim().min(1, PLAN_MESSAGES.nameRequired).max(100),
    description: text()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    price: z
      .number(PLAN_MESSAGES.priceInvalid)
      .min(0, PLAN_MESSAGES.priceInvalid)
      .max(10_000_000, PLAN_MESSAGES.priceInvalid)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PLAN_MESSAGES.priceInvalid),
    currency: text()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(text().regex(/^[A-Z]{3}$/, PLAN_MESSAGES.currencyInvalid)),
    durationDays: z
      .number(PLAN_MESSAGES.durationInvalid)
      .int(PLAN_MESSAGES.durationInvalid)
      .min(0, PLAN_MESSAGES.durationInvalid)
      .max(36_500, PLAN_MESSAGES.durationInvalid),
    examLimit: limitSchema,
    attemptLimitPerExam: limitSchema,
    // Practice tests a student may build a month (decision 041); older clients send none: no limit.
    practiceLimit: limitSchema.default(null),
    // Mains answers evaluated per plan period (decision 042); older clients send none: unlimited.
    evaluationLimit: limitSchema.default(null),
    // Spec: a feature is kept only if it is non-empty after trimming.
    features: z
      .array(text().max(200))
      .max(30)
      .transform((list) => list.map((f) => f.trim()).filter((f) => f.length > 0)),
    isActive: z.boolean(),
  })
  .refine((v) => v.price === 0 || v.price >= MIN_PAID_PRICE, {
    message: PLAN_MESSAGES.priceTooLow,
    path: ["price"],
  });
export type PlanInput = z.input<typeof planInputSchema>;

/** Spec: the label is the status capitalised (shown through `t()`, decision 039). */
const STATUS_LABELS = {
  active: msg("Active"),
  pending: msg("Pending"),
  cancelled: msg("Cancelled"),
  expired: msg("Expired"),
  replaced: msg("Replaced"),
} as const satisfies Record<SubscriptionStatus, string>;

export function statusLabel(status: SubscriptionStatus): string {
  return STATUS_LABELS[status];
}

/** A payment's state as the admin's subscription details list it ("₹499 · paid"). */
export const PAYMENT_STATUS_LABELS = {
  created: msg("created"),
  paid: msg("paid"),
  failed: msg("failed"),
  refunded: msg("refunded"),
} as const satisfies Record<PaymentStatus, string>;

export const RAZORPAY_KEY_ID_PATTERN = /^rzp_(test|live)_[A-Za-z0-9]+$/;

export const PAYMENT_MESSAGES = {
  keyIdInvalid: msg(
    "The key id starts with rzp_test_ or rzp_live_ followed by letters and digits.",
  ),
  keysRequired: msg("Enter the key id and key secret before turning Razorpay on."),
  secretTooShort: msg("A secret has at least 8 characters."),
  notConfigured: "Online payments are not available right now. Please try again later.",
  signatureMismatch: "Payment verification failed: the payment signature does not match.",
  paymentNotCaptured: "The payment has not been completed. Nothing was charged for this plan.",
  amountMismatch: "The payment amount does not match the plan price. The plan was not activated.",
  planUnavailable: "This plan is no longer available.",
  freeWhileActive:
    "You already have an active plan. The free plan is for students without a subscription.",
  freeUsedOnce:
    "You have already used this free plan. A free plan can be activated only once. Choose a paid plan to continue.",
  cancelledByAdmin:
    "This plan was cancelled on your account by an administrator, so it cannot be activated again. Choose another plan.",
  gatewayUnreachable: "Razorpay could not be reached. Please try again in a moment.",
  // The admin's "Test connection" (shown translated on the payment settings page).
  testNoKeys: msg("Save a key id and key secret first."),
  testConnectedTest: msg("Connected to Razorpay (test mode)."),
  testConnectedLive: msg("Connected to Razorpay (live mode)."),
  testRejected: msg("Razorpay rejected the key id or key secret."),
  testUnreachable: msg("Razorpay could not be reached."),
} as const;

const optionalSecret = text()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(text().min(8, PAYMENT_MESSAGES.secretTooShort).optional());

/** Razorpay settings form. Secrets are write-only: leave blank to keep the stored one. */
export const razorpaySettingsInputSchema = z.object({
  keyId: text()
    .trim()
    .max(100)
    .refine((v) => v === "" || RAZORPAY_KEY_ID_PATTERN.test(v), PAYMENT_MESSAGES.keyIdInvalid),
  keySecret: optionalSecret,
  webhookSecret: optionalSecret,
  isActive: z.boolean(),
});
export type RazorpaySettingsInput = z.input<typeof razorpaySettingsInputSchema>;

/** What Checkout's handler hands back after a successful payment. */
export const razorpayVerifyInputSchema = z.object({
  razorpay_order_id: text().trim().min(1).max(100),
  razorpay_payment_id: text().trim().min(1).max(100),
  razorpay_signature: text().trim().min(1).max(200),
});

export const razorpayFailureInputSchema = z.object({
  razorpay_order_id: text().trim().min(1).max(100),
  reason: text().trim().max(500).optional(),
});

export const planIdInputSchema = z.object({ planId: z.uuid() });

export const ENTITLEMENT_REASONS = [
  "PREMIUM_REQUIRED",
  "EXAM_LIMIT_REACHED",
  "ATTEMPT_LIMIT_REACHED",
] as const;
export type EntitlementReason = (typeof ENTITLEMENT_REASONS)[number];
