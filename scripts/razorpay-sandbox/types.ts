export type Notes = Record<string, string>;

/** Razorpay's order entity, as the Orders API returns it. */
export type SandboxOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
};

/** Razorpay's payment entity, as the Payments API returns it. */
export type SandboxPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "authorized" | "captured" | "failed" | "refunded";
  order_id: string;
  method: "card";
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Notes;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  /** Refunded so far (paise) and whether that is all of it, as Razorpay reports them. */
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  created_at: number;
};

/** Razorpay's refund entity, as the Refunds API returns it. */
export type SandboxRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  status: "processed";
  speed_processed: "normal";
  speed_requested: "normal";
  created_at: number;
};

export type WebhookDelivery = { body: string; headers: Record<string, string> };

export type SandboxOptions = {
  port?: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** Where signed webhooks go (the app's /api/payments/razorpay/webhook). */
  webhookUrl?: string;
  /** Replaces the HTTP delivery (tests hand webhooks straight to the app). */
  deliver?: (delivery: WebhookDelivery) => Promise<unknown>;
  /** false: webhooks wait in `queued` until `deliverQueued()` (tests decide when). */
  autoDeliver?: boolean;
  log?: (line: string) => void;
};

/** The sandbox's in-memory state, shared by its routes. */
export type SandboxStore = {
  orders: Map<string, SandboxOrder>;
  payments: Map<string, SandboxPayment>;
};

/** Sends a webhook for an event (see webhooks.ts). */
export type EmitEvent = (
  event: string,
  entities: { payment: SandboxPayment; order?: SandboxOrder; refund?: SandboxRefund },
) => void;
