import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { listTrustedOrigins } from "./lib/trusted-origins.ts";

const boolean = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional(),
  // Connections each instance's pool may open to PostgreSQL (N instances open up to N times this).
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1, "DATABASE_POOL_SIZE must be at least 1")
    .max(1000)
    .default(10),
  // How long a request may wait for one of those connections before it is refused with 503 and
  // Retry-After (shed, not queued for a client that has given up; decision 050).
  DATABASE_POOL_WAIT_MS: z.coerce
    .number()
    .int()
    .min(100, "DATABASE_POOL_WAIT_MS must be at least 100")
    .max(600_000)
    .default(5000),
  PUBLIC_URL: z.url().optional(),
  SECRET_KEY: z.string().min(32, "SECRET_KEY must be at least 32 characters").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("UPSC Prep <no-reply@localhost>"),
  REQUIRE_EMAIL_VERIFICATION: boolean,
  SEED_DEMO: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v !== "false"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Unset: readable lines on a terminal, JSON lines otherwise.
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  TRUST_PROXY: boolean,
  // How often the sweeper grades attempts left open past deadline + grace (and cancels abandoned
  // checkouts). Benchmarks shorten it so stragglers are graded within seconds.
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // More origins allowed to send requests, comma-separated (e.g. http://192.168.1.20:3000).
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url(
          "TRUSTED_ORIGINS must be a comma-separated list of origins such as http://192.168.1.20:3000",
        ),
      ),
    ),
  // File storage: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/storage.
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url("S3_ENDPOINT must be a URL such as https://s3.example.com").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolean,
  // Razorpay: the API base (the app appends /v1/...) and the Checkout script. Point both at
  // `npm run payments:sandbox` to try payments without Razorpay.
  RAZORPAY_API_URL: z
    .url("RAZORPAY_API_URL must be a URL such as https://api.razorpay.com")
    .default("https://api.razorpay.com")
    .transform((v) => v.replace(/\/+$/, "")),
  // Web Push (decision 044): the VAPID key pair (`npm run vapid-keys`), both or neither; unset,
  // one is generated once in DATA_DIR/vapid-keys.json. The subject is the contact push services
  // may use (mailto: or https:), by default PUBLIC_URL when it is https, else MAIL_FROM's address.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      "VAPID_PUBLIC_KEY must be the base64url public key of npm run vapid-keys",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      "VAPID_PRIVATE_KEY must be the base64url private key of npm run vapid-keys",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "VAPID_SUBJECT must be a mailto: or https:// address")
    .optional(),
  // Also accept push endpoints on a loopback address, http or https (a local stand-in push
  // service: the tests and the e2e server). Off by default, whatever NODE_ENV says: endpoints are
  // then the browsers' push services on port 443 only (decision 044).
  PUSH_ALLOW_HTTP_LOOPBACK: boolean,
  // End-to-end runs only (decision 049): a server clock the journeys move (POST /api/test/clock).
  // Taken only when NODE_ENV=test, so a TEST_CLOCK left in a real server's environment does nothing.
  TEST_CLOCK: boolean,
  // The outbox's crash test only (docs/guides/messages.md): the server kills itself (SIGKILL)
  // right after a change that enqueued a message commits, before it is sent. Taken only when
  // NODE_ENV=test, like TEST_CLOCK.
  OUTBOX_CRASH_AFTER_COMMIT: boolean,
  // Uploaded files (decision 057): uploads one user may make in 10 minutes (every upload route,
  // drafts included; 429 beyond), the worker threads that decode uploaded files, and each
  // file's time and memory (JavaScript heap) limits there; a file past either is refused (422).
  UPLOADS_PER_10_MINUTES: z.coerce.number().int().min(1).max(100_000).default(30),
  FILE_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  FILE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  FILE_CHECK_MEMORY_MB: z.coerce.number().int().min(32).max(8192).default(256),
  RAZORPAY_CHECKOUT_URL: z
    .url("RAZORPAY_CHECKOUT_URL must be a URL such as https://checkout.razorpay.com/v1/checkout.js")
    .default("https://checkout.razorpay.com/v1/checkout.js"),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** TEST_CLOCK=1 with NODE_ENV=test: the server's clock can be moved (decision 049). */
  testClock: boolean;
  /** OUTBOX_CRASH_AFTER_COMMIT=1 with NODE_ENV=test: the crash test's hook. */
  outboxCrashAfterCommit: boolean;
  publicUrl: string;
  trustedOrigins: string[];
};

/** Parses process.env once; the only place in the server that reads it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // A local .env file fills in what the shell did not set.
  if (source === process.env && existsSync(".env")) process.loadEnvFile(".env");
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npm run vapid-keys) or neither.",
    );
  }
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    testClock: env.TEST_CLOCK && env.NODE_ENV === "test",
    outboxCrashAfterCommit: env.OUTBOX_CRASH_AFTER_COMMIT && env.NODE_ENV === "test",
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustedOrigins: listTrustedOrigins({
      publicUrl: env.PUBLIC_URL,
      port: env.PORT,
      extra: env.TRUSTED_ORIGINS,
    }),
  };
}
