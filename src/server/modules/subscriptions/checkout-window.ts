/**
 * How long a checkout may stay unpaid before it counts as abandoned. Checkout reuses an unpaid
 * order for 30 minutes (payments/checkout.service.ts) and a sheet is open for minutes, so two
 * hours is well past any checkout still under way. A payment captured later still activates (the
 * ledger accepts a cancelled subscription), so the cut-off only decides what stops blocking.
 * Here, not in payments: billing depends one way, payments on subscriptions (decision 033).
 */
export const ABANDONED_CHECKOUT_MS = 2 * 60 * 60_000;

/** A pending subscription created before this moment is an abandoned checkout. */
export const abandonedBefore = (now: Date) => new Date(now.getTime() - ABANDONED_CHECKOUT_MS);
