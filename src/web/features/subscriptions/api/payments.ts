import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "@web/lib/api.ts";
import { queryKeys } from "@web/lib/query-keys.ts";

export const createOrder = (planId: string) =>
  unwrap(api.payments.razorpay.orders.$post({ json: { planId } }));
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
