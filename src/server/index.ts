import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { serve } from "@hono/node-server";
import { CLIENT_DIR, createServer } from "./bootstrap.ts";
import { openDatabase } from "./db/client.ts";
import { loadEnv } from "./env.ts";
import { serveOptions } from "./fast-path/direct-routes.ts";
import { configureFileChecks, filePool } from "./files/file-pool.ts";
import {
  claimOwner,
  dataPaths,
  readOrCreateSecret,
  readOwner,
  releaseOwner,
  waitFor,
  writeOwner,
} from "./lib/data-dir.ts";
import { listDeploymentWarnings } from "./lib/deployment-checks.ts";
import { createLogger, resolveLogFormat } from "./lib/logger.ts";
import { createTestClock } from "./lib/test-clock.ts";
import { createMailer } from "./mail/mailer.ts";
import { finalizeExpiredAttempts } from "./modules/attempts/attempt-grading.ts";
import { publishDueLiveTests } from "./modules/attempts/live-results.ts";
import { runKeyChangeRegrades } from "./modules/key-changes/key-change-regrade.ts";
import { publishDueMainsResults } from "./modules/mains-tests/results.ts";
import { readOrCreateVapidKeys, vapidSubject } from "./modules/notifications/vapid-keys.ts";
import { expireAbandonedCheckouts } from "./modules/payments/abandoned-checkouts.ts";
import { getSiteSettings } from "./modules/settings/settings.service.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { createStorageFromEnv } from "./storage/create-storage.ts";

async function main() {
  const started = performance.now();
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL, {
    format: resolveLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true),
  });
  for (const warning of listDeploymentWarnings(env)) logger.warn(warning);
  const paths = dataPaths(env.dataDir);
  mkdirSync(paths.root, { recursive: true });

  const embedded = !env.DATABASE_URL;
  const internalToken = embedded ? randomBytes(24).toString("base64url") : undefined;
  if (embedded) {
    // A CLI command may be using the database for a moment: wait for it; another server: refuse.
    await waitFor(() => (readOwner(env.dataDir)?.kind === "cli" ? null : true), 30_000);
    const owner = readOwner(env.dataDir);
    if (owner) {
      throw new Error(
        `Another ${owner.kind === "server" ? "server" : "command"} (pid ${owner.pid}) is using the embedded database in ${env.dataDir}. Stop it first or set DATA_DIR.`,
      );
    }
    if (!claimOwner(env.dataDir, { pid: process.pid, kind: "server", token: internalToken })) {
      throw new Error(
        `Another process started using the embedded database in ${env.dataDir}. Try again.`,
      );
    }
    process.on("exit", () => releaseOwner(env.dataDir));
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: paths.database,
    poolSize: env.DATABASE_POOL_SIZE,
    poolWaitMs: env.DATABASE_POOL_WAIT_MS,
    onPoolError: (error) =>
      logger.warn("database connection lost; the pool reconnects", { error: error.message }),
  });
  const storage = createStorageFromEnv(env);
  const { demo } = await prepareDatabase(database, {
    seedDemo: embedded && env.SEED_DEMO,
    storage,
  });
  if (demo) logger.info("new embedded database seeded with demo content", demo);
  await getSiteSettings(database.db);

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: paths.outbox,
    logger,
  });
  const secret = readOrCreateSecret(env.dataDir, env.SECRET_KEY);
  const vapid = readOrCreateVapidKeys(env.dataDir, {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
  });
  // The server's clock (decision 049): the wall clock, or in end-to-end runs (TEST_CLOCK=1 with
  // NODE_ENV=test) the wall clock plus an offset that POST /api/test/clock moves.
  const testClock = env.testClock ? createTestClock() : null;
  if (testClock) logger.warn("TEST_CLOCK is on: POST /api/test/clock moves this server's clock");
  const now = testClock ? testClock.now : () => new Date();
  // The sweeper's grading and publication at `at`: attempts left open past their deadline are
  // graded with what was saved, then the live tests that became due publish (decision 047), and
  // the Mains tests whose results time has passed (decision 063).
  const gradeAndPublish = async (at: Date) => {
    const finalized = await finalizeExpiredAttempts(database.db, { now: at });
    const published = await publishDueLiveTests(database.db, at);
    const mainsPublished = await publishDueMainsResults(database.db, { now: at });
    // Key changes a crash left unregraded (each is started by its request; decision 064).
    await runKeyChangeRegrades(database.db, { now: at, deliver: outbox.deliver });
    return { finalized, published, mainsPublished };
  };

  // The file workers' limits (decision 057); the workers start now, not on the first upload.
  configureFileChecks({
    workers: env.FILE_WORKERS,
    timeoutMs: env.FILE_CHECK_TIMEOUT_MS,
    memoryMb: env.FILE_CHECK_MEMORY_MB,
  });
  filePool().warm();

  const { app, outbox, background } = createServer({
    database,
    logger,
    mailer,
    secret,
    storage,
    publicUrl: env.publicUrl,
    trustedOrigins: env.trustedOrigins,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy: env.TRUST_PROXY,
    clientDir: CLIENT_DIR,
    internalToken,
    razorpay: { apiUrl: env.RAZORPAY_API_URL, checkoutUrl: env.RAZORPAY_CHECKOUT_URL },
    push: {
      vapid,
      allowHttpLoopback: env.PUSH_ALLOW_HTTP_LOOPBACK,
      subject: vapidSubject({
        configured: env.VAPID_SUBJECT,
        publicUrl: env.publicUrl,
        mailFrom: env.MAIL_FROM,
      }),
    },
    outboxCrashAfterCommit: env.outboxCrashAfterCommit,
    now,
    uploadRate: { uploads: env.UPLOADS_PER_10_MINUTES, windowSeconds: 10 * 60 },
    ...(testClock ? { testClock: { clock: testClock, tick: gradeAndPublish } } : {}),
  });

  const server = serve(serveOptions(app, { port: env.PORT, hostname: env.HOST }), (info) => {
    if (internalToken) {
      writeOwner(env.dataDir, {
        pid: process.pid,
        kind: "server",
        port: info.port,
        token: internalToken,
      });
    }
    const ms = Math.round(performance.now() - started);
    // On a terminal, the address stands out above the short request lines; in a JSON log every
    // line stays JSON, so the address is a field of the start event.
    if (logger.format === "pretty" && logger.level !== "silent") {
      process.stdout.write(`\n  App running at ${env.publicUrl}  (ready in ${ms} ms)\n\n`);
    } else {
      logger.info("server started", {
        url: env.publicUrl,
        port: info.port,
        database: database.kind,
        ms,
      });
    }
  });

  server.on("error", (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "EADDRINUSE"
        ? `port ${env.PORT} is already in use (set PORT to another one)`
        : error.message;
    process.stderr.write(`\nCannot start the server: ${reason}\n`);
    void database.close().finally(() => {
      if (embedded) releaseOwner(env.dataDir);
      process.exit(1);
    });
  });

  // The sweeper: attempts left open past their deadline are graded with what was saved, the
  // outbox's due messages go out (reminders planned now, retries, anything a crash left behind:
  // push or email, docs/guides/messages.md), and checkouts left unpaid for hours are cancelled
  // (they would block deleting their plan).
  const sweep = () =>
    Promise.all([
      // Live tests publish right after their last attempts are graded (decision 047).
      gradeAndPublish(now())
        .then(({ finalized, published, mainsPublished }) => {
          if (finalized > 0) logger.info("finalised expired attempts", { count: finalized });
          if (published > 0) logger.info("published live test results", { count: published });
          if (mainsPublished > 0) logger.info("published Mains results", { count: mainsPublished });
        })
        .catch((error: unknown) => logger.error("sweeper failed", { error: String(error) })),
      outbox
        .sweep(now())
        .then(
          (n) =>
            n.push + n.email > 0 && logger.info("sent messages", { push: n.push, email: n.email }),
        )
        .catch((error: unknown) => logger.error("messages failed", { error: String(error) })),
      expireAbandonedCheckouts(database.db)
        .then((n) => n > 0 && logger.info("cancelled abandoned checkouts", { count: n }))
        .catch((error: unknown) =>
          logger.error("checkout sweeper failed", { error: String(error) }),
        ),
    ]);
  // The round in progress, so a shutdown lets it finish before closing the pool (a round cut off
  // mid-way logged its statements as failures).
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepRound = () => {
    sweeping = sweep();
  };
  sweepRound();
  const sweeper = setInterval(sweepRound, env.SWEEP_INTERVAL_SECONDS * 1000);
  sweeper.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    logger.info("shutting down", { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Stop accepting, let in-flight requests finish (answers being saved), then close the pool.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    });
    await sweeping;
    await background.settled();
    await filePool()
      .close()
      .catch(() => {});
    await database.close().catch(() => {});
    if (embedded) releaseOwner(env.dataDir);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
