/** The parts of Razorpay's documented REST API the app uses (Orders, Payments), over fetch. */
export type RazorpayOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
};
export type RazorpayPayment = {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  error_description?: string | null;
  /** What the payer gave Checkout. */
  email?: string | null;
  contact?: string | null;
};

/** A refusal or outage from Razorpay; the message never carries credentials. */
export class RazorpayApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "RazorpayApiError";
    this.status = status;
  }
}

export function createRazorpayClient(input: { apiUrl: string; keyId: string; keySecret: string }) {
  const authorization = `Basic ${Buffer.from(`${input.keyId}:${input.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${input.apiUrl}/v1${path}`, {
        method,
        headers: {
          authorization,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RazorpayApiError(0, `Could not reach Razorpay at ${input.apiUrl}: ${reason}`);
    }
    const json = (await response.json().catch(() => null)) as
      | (T & { error?: { description?: string } })
      | null;
    if (!response.ok || !json) {
      const description = json?.error?.description ?? `HTTP ${response.status}`;
      throw new RazorpayApiError(response.status, description);
    }
    return json;
  }

  return {
    createOrder: (order: {
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, string>;
    }) => call<RazorpayOrder>("POST", "/orders", order),
    fetchPayment: (paymentId: string) =>
      call<RazorpayPayment>("GET", `/payments/${encodeURIComponent(paymentId)}`),
    capturePayment: (paymentId: string, amount: number, currency: string) =>
      call<RazorpayPayment>("POST", `/payments/${encodeURIComponent(paymentId)}/capture`, {
        amount,
        currency,
      }),
    /** The cheapest authenticated call: used by the admin's Test connection. */
    listOrders: () => call<{ count: number }>("GET", "/orders?count=1"),
  };
}
export type RazorpayClient = ReturnType<typeof createRazorpayClient>;
