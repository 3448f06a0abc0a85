import path from "node:path";
import { createApp } from "./app.ts";
import type { ThrottlePolicy } from "./auth/account-throttle.ts";
import { createAuth } from "./auth/auth.ts";
import type { Database } from "./db/client.ts";
import type { UploadRate } from "./files/upload-rate.ts";
import { createBackground } from "./lib/background.ts";
import type { Logger } from "./lib/logger.ts";
import type { PageRenderer } from "./lib/page-render.ts";
import type { TestClockDeps } from "./lib/test-clock.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createOutbox } from "./modules/notifications/outbox.ts";
import type { PushLookup } from "./modules/notifications/push-endpoint.ts";
import { createPushSender } from "./modules/notifications/push-sender.ts";
import { type VapidKeys, vapidSubject } from "./modules/notifications/vapid-keys.ts";
import { createSignUpReferrals } from "./modules/referrals/referral-signup.ts";
import { getSiteSettings } from "./modules/settings/settings.service.ts";
import type { FileStorage } from "./storage/storage.ts";

export type ServerOptions = {
  database: Database;
  logger: Logger;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  /** Origins allowed to send state-changing requests; defaults to the public URL's. */
  trustedOrigins?: string[];
  storage: FileStorage;
  requireEmailVerification?: boolean;
  rateLimit?: { max: number; windowSeconds: number };
  trustProxy?: boolean;
  /** Per-account limits on password checks; the defaults suit production. */
  throttle?: ThrottlePolicy;
  clientDir?: string;
  /** The server's page renderer (default: the one built next to `clientDir`); tests give the source. */
  pageRenderer?: Promise<PageRenderer | null>;
  internalToken?: string;
  /** Defaults to Razorpay's own URLs. */
  razorpay?: { apiUrl: string; checkoutUrl: string };
  /** The viewer cache's lifetime and clock (decision 023); tests only. */
  viewerCache?: { ttlMs?: number; now?: () => number };
  /**
   * Web Push (decision 044): the VAPID pair, whether http loopback endpoints are taken, and the
   * VAPID subject (default: from the public URL).
   */
  push: { vapid: VapidKeys; allowHttpLoopback: boolean; lookup?: PushLookup; subject?: string };
  /** The outbox's crash test only (OUTBOX_CRASH_AFTER_COMMIT, docs/guides/messages.md). */
  outboxCrashAfterCommit?: boolean;
  /** The server's clock (decision 049); default the wall clock. */
  now?: () => Date;
  /** End-to-end runs only: the movable clock and its route (decision 049). */
  testClock?: TestClockDeps;
  /** Uploads per user and window (decision 057); default UPLOAD_RATE_DEFAULTS. */
  uploadRate?: UploadRate;
};

export const RAZORPAY_DEFAULTS = {
  apiUrl: "https://api.razorpay.com",
  checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
};

/** Wires auth, services and routes around an open database: used by the server and the tests. */
export function createServer(options: ServerOptions) {
  const { database } = options;
  const trustedOrigins = options.trustedOrigins ?? [new URL(options.publicUrl).origin];
  const auth = createAuth({
    db: database.db,
    secret: options.secret,
    publicUrl: options.publicUrl,
    trustedOrigins,
    mailer: options.mailer,
    getAppTitle: async () => (await getSiteSettings(database.db)).appTitle,
    requireEmailVerification: options.requireEmailVerification ?? false,
    rateLimit: options.rateLimit ?? { max: 10, windowSeconds: 60 },
    logger: options.logger,
    referrals: createSignUpReferrals(database.db, {
      secret: options.secret,
      secureCookies: options.publicUrl.startsWith("https://"),
      logger: options.logger,
    }),
  });
  // Every message to a student goes through the outbox and its one dispatcher (docs/guides/messages.md).
  const outbox = createOutbox(database.db, {
    mailer: options.mailer,
    logger: options.logger,
    publicUrl: options.publicUrl,
    secret: options.secret,
    sendPush: createPushSender(
      {
        ...options.push.vapid,
        subject:
          options.push.subject ??
          vapidSubject({ publicUrl: options.publicUrl, mailFrom: "no-reply@localhost" }),
      },
      { allowHttpLoopback: options.push.allowHttpLoopback, lookup: options.push.lookup },
    ),
    settings: () => getSiteSettings(database.db),
    crashAfterCommit: options.outboxCrashAfterCommit,
  });
  // Work requests start without waiting for it (a key change's regrade); shutdown waits for it.
  const background = createBackground(options.logger);
  const app = createApp({
    database,
    background,
    secret: options.secret,
    auth,
    storage: options.storage,
    logger: options.logger,
    mailer: options.mailer,
    outbox,
    publicUrl: options.publicUrl,
    trustedOrigins,
    trustProxy: options.trustProxy ?? false,
    throttle: options.throttle,
    clientDir: options.clientDir,
    pageRenderer: options.pageRenderer,
    internalToken: options.internalToken,
    razorpay: options.razorpay ?? RAZORPAY_DEFAULTS,
    viewerCache: options.viewerCache,
    push: {
      vapidPublicKey: options.push.vapid.publicKey,
      allowHttpLoopback: options.push.allowHttpLoopback,
      lookup: options.push.lookup,
    },
    now: options.now,
    testClock: options.testClock,
    uploadRate: options.uploadRate,
  });
  return { app, auth, outbox, background };
}

export const CLIENT_DIR = path.resolve("dist/client");
