import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

/** A paid checkout's order; the student's state goes with the first one (decision 059). */
export const createOrder = (planId: string, stateCode?: string) =>
  unwrap(
    api.payments.razorpay.orders.$post({
      json: stateCode ? { planId, stateCode } : { planId },
    }),
  );
export type CheckoutOrder = Awaited<ReturnType<typeof createOrder>>;

export const verifyPayment = (response: {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}) => unwrap(api.payments.razorpay.verify.$post({ json: response }));

export const reportFailure = (orderId: string, reason?: string) =>
  unwrap(api.payments.razorpay.failure.$post({ json: { razorpay_order_id: orderId, reason } }));

export const transactionsQueryOptions = queryOptions({
  queryKey: queryKeys.payments.transactions,
  queryFn: () => unwrap(api.payments.transactions.$get()),
});
export function useTransactions() {
  return useQuery(transactionsQueryOptions);
}

export function useReceipt(id: string) {
  return useQuery({
    queryKey: queryKeys.payments.receipt(id),
    queryFn: () => unwrap(api.payments.transactions[":id"].receipt.$get({ param: { id } })),
  });
}

/** The student's state for GST invoices (null until the first paid checkout asks it). */
export const billingStateQueryOptions = queryOptions({
  queryKey: queryKeys.payments.billingState,
  queryFn: () => unwrap(api.payments["billing-state"].$get()),
});
export function useBillingState() {
  return useQuery(billingStateQueryOptions);
}

export const saveBillingState = (stateCode: string) =>
  unwrap(api.payments["billing-state"].$put({ json: { stateCode } }));
