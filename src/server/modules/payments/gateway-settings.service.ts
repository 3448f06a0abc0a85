import { eq } from "drizzle-orm";
import type { z } from "zod";
import {
  PAYMENT_MESSAGES,
  type razorpaySettingsInputSchema,
} from "../../../shared/subscriptions.ts";
import type { Db } from "../../db/client.ts";
import { paymentGateways } from "../../db/schema/subscriptions.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PaymentsDeps, RAZORPAY, WEBHOOK_PATH } from "./payments-deps.ts";
import { createRazorpayClient, RazorpayApiError } from "./razorpay-client.ts";

type SettingsInput = z.output<typeof razorpaySettingsInputSchema>;
type GatewayRow = typeof paymentGateways.$inferSelect;

const KEY_SECRET = "razorpay.key_secret";
const WEBHOOK_SECRET = "razorpay.webhook_secret";

export type RazorpayCredentials = {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  isActive: boolean;
};

async function findRow(db: Db): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.gatewayName, RAZORPAY));
  return row;
}

const hint = (secret: string) => `••••${secret.slice(-4)}`;

/** Opens a stored secret; null when it was sealed under another SECRET_KEY (rotated). */
function openSecret(deps: PaymentsDeps, sealed: string | null, context: string): string | null {
  if (!sealed) return null;
  try {
    return deps.box.open(sealed, context);
  } catch {
    return null;
  }
}

/** The admin's view: the key id, masked hints of the secrets, never the secrets themselves. */
export async function getRazorpaySettings(db: Db, deps: PaymentsDeps) {
  const row = await findRow(db);
  const keySecretReadable = row?.keySecret
    ? openSecret(deps, row.keySecret, KEY_SECRET) !== null
    : null;
  const webhookSecretReadable = row?.webhookSecret
    ? openSecret(deps, row.webhookSecret, WEBHOOK_SECRET) !== null
    : null;
  const keyId = row?.keyId ?? "";
  return {
    keyId,
    mode: keyId.startsWith("rzp_live_") ? "live" : keyId.startsWith("rzp_test_") ? "test" : null,
    hasKeySecret: Boolean(row?.keySecret),
    keySecretHint: row?.keySecretHint ?? null,
    hasWebhookSecret: Boolean(row?.webhookSecret),
    webhookSecretHint: row?.webhookSecretHint ?? null,
    /** false when SECRET_KEY changed since the secrets were saved: enter them again. */
    secretsReadable: keySecretReadable !== false && webhookSecretReadable !== false,
    isActive: row?.isActive ?? false,
    webhookUrl: `${deps.publicUrl.replace(/\/+$/, "")}${WEBHOOK_PATH}`,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export type SaveRazorpaySettingsInput = {
  deps: PaymentsDeps;
  input: SettingsInput;
};

/** Saves the settings; blank secrets keep the stored ones. Secrets are sealed before storage. */
export async function saveRazorpaySettings(db: Db, { deps, input }: SaveRazorpaySettingsInput) {
  const existing = await findRow(db);
  const keySecretKept =
    !input.keySecret && existing?.keySecret
      ? openSecret(deps, existing.keySecret, KEY_SECRET) !== null
      : false;
  if (input.isActive && (!input.keyId || !(input.keySecret || keySecretKept))) {
    throw new AppError("VALIDATION_FAILED", PAYMENT_MESSAGES.keysRequired);
  }
  const values = {
    gatewayName: RAZORPAY,
    keyId: input.keyId || null,
    isActive: input.isActive,
    updatedAt: new Date(),
    ...(input.keySecret
      ? {
          keySecret: deps.box.seal(input.keySecret, KEY_SECRET),
          keySecretHint: hint(input.keySecret),
        }
      : {}),
    ...(input.webhookSecret
      ? {
          webhookSecret: deps.box.seal(input.webhookSecret, WEBHOOK_SECRET),
          webhookSecretHint: hint(input.webhookSecret),
        }
      : {}),
  };
  await db
    .insert(paymentGateways)
    .values(values)
    .onConflictDoUpdate({ target: paymentGateways.gatewayName, set: values });
  return getRazorpaySettings(db, deps);
}

/** Decrypted credentials for server-side calls, or null when Razorpay is not set up. */
export async function loadRazorpayCredentials(
  db: Db,
  deps: PaymentsDeps,
): Promise<RazorpayCredentials | null> {
  const row = await findRow(db);
  if (!row?.keyId || !row.keySecret) return null;
  const keySecret = openSecret(deps, row.keySecret, KEY_SECRET);
  if (!keySecret) {
    deps.logger.warn("razorpay key secret cannot be decrypted; was SECRET_KEY rotated?");
    return null;
  }
  return {
    keyId: row.keyId,
    keySecret,
    webhookSecret: openSecret(deps, row.webhookSecret, WEBHOOK_SECRET),
    isActive: row.isActive,
  };
}

/** Credentials for a checkout: the gateway must be configured and switched on. */
export async function requireActiveRazorpay(db: Db, deps: PaymentsDeps) {
  const credentials = await loadRazorpayCredentials(db, deps);
  if (!credentials?.isActive) throw new AppError("CONFLICT", PAYMENT_MESSAGES.notConfigured);
  return credentials;
}

/** Calls Razorpay with the stored keys and says whether they work. */
export async function testRazorpayConnection(db: Db, deps: PaymentsDeps) {
  const credentials = await loadRazorpayCredentials(db, deps);
  if (!credentials) {
    return { ok: false, message: PAYMENT_MESSAGES.testNoKeys };
  }
  try {
    await createRazorpayClient({ apiUrl: deps.apiUrl, ...credentials }).listOrders();
    const isLive = credentials.keyId.startsWith("rzp_live_");
    return {
      ok: true,
      message: isLive ? PAYMENT_MESSAGES.testConnectedLive : PAYMENT_MESSAGES.testConnectedTest,
    };
  } catch (error) {
    if (error instanceof RazorpayApiError && error.status === 401) {
      return { ok: false, message: PAYMENT_MESSAGES.testRejected };
    }
    return {
      ok: false,
      message: error instanceof Error ? error.message : PAYMENT_MESSAGES.testUnreachable,
    };
  }
}
