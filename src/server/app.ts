import { Hono } from "hono";
import { compress } from "hono/compress";
import { API_MESSAGES } from "../shared/api-messages.ts";
import { LIVE_MESSAGES } from "../shared/live-tests.ts";
import type { ThrottlePolicy } from "./auth/account-throttle.ts";
import { createAuthRoutes } from "./auth/auth.routes.ts";
import type { Auth } from "./auth/auth.ts";
import type { Database } from "./db/client.ts";
import { createAttemptFactsCache } from "./fast-path/attempt-facts.ts";
import { attachDirectRoutes, createDirectRoutes } from "./fast-path/direct-routes.ts";
import { jsonLength } from "./fast-path/json-length.ts";
import { setResponseHeader } from "./fast-path/response-headers.ts";
import { UPLOAD_RATE_DEFAULTS, type UploadRate, uploadRate } from "./files/upload-rate.ts";
import { type AdmissionOptions, createAdmission } from "./lib/admission.ts";
import { apiBodyLimit } from "./lib/api-body-limit.ts";
import { AppError } from "./lib/app-error.ts";
import type { Background } from "./lib/background.ts";
import { clientIp } from "./lib/client-ip.ts";
import type { AppEnv } from "./lib/context.ts";
import { errorBody, errorResponse } from "./lib/error-answer.ts";
import type { Logger } from "./lib/logger.ts";
import { maintenanceGate } from "./lib/maintenance.ts";
import { loadPageRenderer, type PageRenderer } from "./lib/page-render.ts";
import { requestLog } from "./lib/request-log.ts";
import { createSecretBox } from "./lib/secret-box.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import { createViewerCache, loadViewer, viewerResolver } from "./lib/session.ts";
import { createSpaRoutes } from "./lib/spa.ts";
import { createTestClockRoutes, type TestClockDeps } from "./lib/test-clock.ts";
import { requireTrustedOrigin } from "./lib/trusted-origins.ts";
import { refreshViewers } from "./lib/viewer-refresh.ts";
import type { Mailer } from "./mail/mailer.ts";
import { createAccommodationRoutes } from "./modules/accommodations/accommodations.routes.ts";
import { createAccountRoutes } from "./modules/account/account.routes.ts";
import { createAdminRoutes } from "./modules/admin/admin.routes.ts";
import { createAdminAnalysisRoutes } from "./modules/analysis/admin-analysis.routes.ts";
import { createAnalysisRoutes } from "./modules/analysis/analysis.routes.ts";
import { createAnswerSaveRoute, createAttemptRoutes } from "./modules/attempts/attempts.routes.ts";
import {
  createAdminCategoryRoutes,
  createCategoryRoutes,
} from "./modules/categories/categories.routes.ts";
import { createAdminCourseRoutes, createCourseRoutes } from "./modules/courses/courses.routes.ts";
import { createDiscussionRoutes } from "./modules/discussions/discussions.routes.ts";
import { createEvaluationRoutes } from "./modules/evaluation/evaluation.routes.ts";
import { createAdminExamRoutes, createExamRoutes } from "./modules/exams/exams.routes.ts";
import { createHealthRoutes } from "./modules/health/health.routes.ts";
import { createHomeRoutes } from "./modules/home/home.routes.ts";
import { createInternalRoutes } from "./modules/internal/internal.routes.ts";
import { createKeyChangeRoutes } from "./modules/key-changes/key-changes.routes.ts";
import { createAdminLegalRoutes, createLegalRoutes } from "./modules/legal/legal.routes.ts";
import { createLibraryRoutes } from "./modules/library/library.routes.ts";
import {
  createAdminLiveClassRoutes,
  createLiveClassRoutes,
} from "./modules/live-classes/live-classes.routes.ts";
import { createLiveCache } from "./modules/live-tests/live-cache.ts";
import {
  createAdminLiveTestRoutes,
  createLiveTestRoutes,
} from "./modules/live-tests/live-tests.routes.ts";
import { createAdminMainsTestRoutes } from "./modules/mains-tests/admin-mains-tests.routes.ts";
import { createCalibrationRoutes } from "./modules/mains-tests/calibration.routes.ts";
import { createMainsTestRoutes } from "./modules/mains-tests/mains-tests.routes.ts";
import { createMarkingRoutes } from "./modules/mains-tests/marking.routes.ts";
import { createMainsResultRoutes } from "./modules/mains-tests/results.routes.ts";
import { createNewsRoutes } from "./modules/news/news.routes.ts";
import { createNotificationRoutes } from "./modules/notifications/notifications.routes.ts";
import type { Outbox } from "./modules/notifications/outbox.ts";
import type { PushLookup } from "./modules/notifications/push-endpoint.ts";
import { createOnboardingRoutes } from "./modules/onboarding/onboarding.routes.ts";
import { createAdminInvoiceRoutes } from "./modules/payments/admin-invoices.routes.ts";
import { createAdminPaymentRoutes } from "./modules/payments/admin-payments.routes.ts";
import { createPaymentRoutes } from "./modules/payments/payments.routes.ts";
import { createPracticeRoutes } from "./modules/practice/practice.routes.ts";
import { createProfileRoutes } from "./modules/profile/profile.routes.ts";
import { createPyqRoutes } from "./modules/pyq/pyq.routes.ts";
import {
  createAdminQuestionReportRoutes,
  createQuestionReportRoutes,
} from "./modules/question-reports/question-reports.routes.ts";
import { createAdminQuestionRoutes } from "./modules/questions/questions.routes.ts";
import { createAdminQuizRoutes } from "./modules/quizzes/admin-quizzes.routes.ts";
import { createQuizRoutes } from "./modules/quizzes/quizzes.routes.ts";
import { markSharedDevice } from "./modules/referrals/referral-signup.ts";
import {
  createAdminReferralRoutes,
  createReferralRoutes,
} from "./modules/referrals/referrals.routes.ts";
import { createAdminResultRoutes } from "./modules/results/admin-results.routes.ts";
import { createRevisionRoutes } from "./modules/revision/revision.routes.ts";
import { createSettingsRoutes } from "./modules/settings/settings.routes.ts";
import { createSettingsStore } from "./modules/settings/settings-store.ts";
import { createShellPage } from "./modules/site/shell-page.ts";
import { createSiteRoutes } from "./modules/site/site.routes.ts";
import {
  createAdminSubjectRoutes,
  createSubjectRoutes,
} from "./modules/subjects/subjects.routes.ts";
import {
  createAdminPlanRoutes,
  createAdminUserSubscriptionRoutes,
} from "./modules/subscriptions/admin-subscriptions.routes.ts";
import { createSubscriptionRoutes } from "./modules/subscriptions/subscriptions.routes.ts";
import { createAdminSupportRoutes, createSupportRoutes } from "./modules/support/support.routes.ts";
import { createStorageRoutes } from "./storage/storage.routes.ts";
import type { FileStorage } from "./storage/storage.ts";

export type AppDeps = {
  database: Database;
  /** Signs session cookies (shared with better-auth). */
  secret: string;
  auth: Auth;
  /** Uploaded files: local disk or an S3-compatible bucket. */
  storage: FileStorage;
  logger: Logger;
  /** Mail to the team and to invited mentors; better-auth has its own. */
  mailer: Mailer;
  /** Every message to a student: written with the change, sent by one dispatcher. */
  outbox: Outbox;
  /** Work a request starts and does not wait for (lib/background.ts); shutdown waits for it. */
  background: Background;
  publicUrl: string;
  /** Per-account limits on password checks (tests shorten them). */
  throttle?: ThrottlePolicy;
  /** Origins allowed to send state-changing requests (CSRF check on /api). */
  trustedOrigins: string[];
  trustProxy: boolean;
  /** Built client to serve; omitted in API-only tests and in dev (Vite serves it). */
  clientDir?: string;
  /** The server's page renderer; default: the one built next to `clientDir` (decision 046). */
  pageRenderer?: Promise<PageRenderer | null>;
  /** Secret for the local-only admin channel used by the CLI while the server holds PGlite. */
  internalToken?: string;
  /** RAZORPAY_API_URL and RAZORPAY_CHECKOUT_URL (the local sandbox in tests). */
  razorpay: { apiUrl: string; checkoutUrl: string };
  /** The per-process viewer cache (decision 023): tests set its clock; ttlMs 0 turns it off. */
  viewerCache?: { ttlMs?: number; now?: () => number };
  /**
   * Web Push (decision 044): the VAPID public key, whether loopback endpoints are taken
   * (PUSH_ALLOW_HTTP_LOOPBACK), and the resolver endpoints are checked with (tests: a stub).
   */
  push: { vapidPublicKey: string; allowHttpLoopback: boolean; lookup?: PushLookup };
  /**
   * The live tests' start queue per instance (decision 047, lib/admission.ts): how many starts run
   * at once, how many may wait and how long. Defaults: LIVE_START_ADMISSION.
   */
  liveStart?: Partial<Pick<AdmissionOptions, "concurrency" | "maxQueue" | "maxWaitMs">>;
  /** Uploads per user and window, every upload route (decision 057). Default: UPLOAD_RATE_DEFAULTS. */
  uploadRate?: UploadRate;
  /**
   * The server's clock for the rules that depend on time (decision 049): attempts' starts,
   * saves, submits and deadlines of every kind, the live tests' schedule, entry and results.
   * Default: the wall clock; the test clock's in end-to-end runs.
   */
  now?: () => Date;
  /**
   * End-to-end runs only (TEST_CLOCK=1 with NODE_ENV=test; decision 049): mounts
   * `POST /api/test/clock`, which moves the test clock and runs one sweep tick.
   */
  testClock?: TestClockDeps;
};

/** Starts of a live test run at most 4 at a time per instance; 5,000 may wait up to 20 s. */
export const LIVE_START_ADMISSION = { concurrency: 4, maxQueue: 5_000, maxWaitMs: 20_000 };

export { DATABASE_UNAVAILABLE_MESSAGE } from "./lib/error-answer.ts";

export function createApp(deps: AppDeps) {
  const { database, auth, logger } = deps;
  const db = database.db;
  const now = deps.now ?? deps.testClock?.clock.now ?? (() => new Date());
  const settings = createSettingsStore(db);
  const viewers = createViewerCache(deps.viewerCache);
  // better-auth uses secure (__Secure-) cookies exactly when the public address is https.
  const isHttps = deps.publicUrl.startsWith("https://");
  const payments = {
    apiUrl: deps.razorpay.apiUrl.replace(/\/+$/, ""),
    checkoutUrl: deps.razorpay.checkoutUrl,
    // Gateway secrets are sealed with a key derived from the server secret (SECRET_KEY).
    box: createSecretBox(deps.secret),
    publicUrl: deps.publicUrl,
    logger,
    outbox: deps.outbox,
  };
  const support = {
    mailer: deps.mailer,
    outbox: deps.outbox,
    logger,
    publicUrl: deps.publicUrl,
    getSettings: () => settings.get(),
  };

  const evaluation = createEvaluationRoutes(db, {
    storage: deps.storage,
    mailer: deps.mailer,
    outbox: deps.outbox,
    publicUrl: deps.publicUrl,
    appTitle: async () => (await settings.get()).appTitle,
  });

  // Mains test series (decision 063): the list, calendars, booklets; the admins' tests and series.
  const mains = createMainsTestRoutes(db, {
    storage: deps.storage,
    publicUrl: deps.publicUrl,
    appTitle: async () => (await settings.get()).appTitle,
    now,
  });
  const adminMains = createAdminMainsTestRoutes(db);
  // Marking Mains test booklets (decision 063).
  const marking = createMarkingRoutes(db, { now });

  // Extra time in tests for students with disabilities (decision 048).
  const accommodations = createAccommodationRoutes(db, deps.storage);

  // Study notes and video lessons (decision 043).
  const library = createLibraryRoutes(db, deps.storage);

  // All-India live tests (decision 047): the schedule's cache and the start queue, per instance.
  const liveCache = createLiveCache(db, () => now().getTime());
  const liveStart = createAdmission({
    ...LIVE_START_ADMISSION,
    ...deps.liveStart,
    retryAfterSeconds: 2,
    busyMessage: LIVE_MESSAGES.busy,
  });

  // The answer saves' refusal facts (decision 052), one copy for both of the save's paths.
  const facts = createAttemptFactsCache();
  const isMaintenanceOn = async () => (await settings.get()).maintenanceMode;
  const securityOptions = { https: isHttps, razorpay: deps.razorpay };

  const api = new Hono<AppEnv>()
    .use("*", loadViewer(db, deps.secret, { secureCookies: isHttps, cache: viewers }))
    .use("*", maintenanceGate(isMaintenanceOn))
    .use("*", uploadRate(db, { rate: deps.uploadRate ?? UPLOAD_RATE_DEFAULTS, now }))
    .route("/health", createHealthRoutes(db, database.kind))
    .route("/settings", createSettingsRoutes(settings, deps.storage))
    .route("/news", createNewsRoutes(db, deps.storage))
    .route("/profile", createProfileRoutes(db, deps.storage))
    .route("/account", createAccountRoutes(db, auth))
    .route("/onboarding", createOnboardingRoutes(db))
    .route("/admin", createAdminRoutes(db))
    .route("/categories", createCategoryRoutes(db))
    .route("/subjects", createSubjectRoutes(db))
    .route("/exams", createExamRoutes(db))
    .route("/practice", createPracticeRoutes(db))
    .route("/revision", createRevisionRoutes(db))
    .route("/", createAttemptRoutes(db, { liveStartGate: liveStart.middleware, now, facts }))
    .route("/", createMainsResultRoutes(db, { now }))
    .route("/live-tests", createLiveTestRoutes(db, { cache: liveCache, now }))
    .route("/admin/live-tests", createAdminLiveTestRoutes(db, { cache: liveCache, now }))
    .route("/quizzes", createQuizRoutes(db, deps.storage))
    .route("/admin/categories", createAdminCategoryRoutes(db))
    .route("/admin/subjects", createAdminSubjectRoutes(db))
    .route("/admin/exams", createAdminExamRoutes(db))
    .route("/admin/questions", createAdminQuestionRoutes(db))
    .route("/admin/results", createAdminResultRoutes(db))
    .route("/admin/quizzes", createAdminQuizRoutes(db, deps.storage))
    .route("/admin", createAdminAnalysisRoutes(db, now))
    .route("/home", createHomeRoutes(db))
    .route("/subscriptions", createSubscriptionRoutes(db))
    .route("/payments", createPaymentRoutes(db, payments, now))
    .route("/admin/subscription-plans", createAdminPlanRoutes(db))
    .route("/admin/user-subscriptions", createAdminUserSubscriptionRoutes(db))
    .route("/admin/payment-settings", createAdminPaymentRoutes(db, payments))
    .route("/admin/invoices", createAdminInvoiceRoutes(db))
    .route("/legal", createLegalRoutes(db))
    .route("/admin/legal", createAdminLegalRoutes(db))
    .route("/support", createSupportRoutes(db, support))
    .route("/admin/support", createAdminSupportRoutes(db, support))
    .route("/", createAnalysisRoutes(db))
    .route("/pyq", createPyqRoutes(db))
    .route("/", createKeyChangeRoutes(db, { now }))
    // Discussion under each question (decision 064).
    .route("/", createDiscussionRoutes(db, { storage: deps.storage, outbox: deps.outbox, now }))
    .route("/answer-evaluation", evaluation.answerEvaluation)
    .route("/answer-copies", evaluation.copyFiles)
    .route("/mentor", evaluation.mentorRoutes)
    .route("/mains-questions", evaluation.questionRoutes)
    .route("/admin", evaluation.adminRoutes)
    .route("/mains-tests", mains.tests)
    .route("/mains-series", mains.series)
    .route("/mentor/mains", mains.mentor)
    .route("/admin/mains-tests", adminMains.tests)
    .route("/admin/mains-series", adminMains.series)
    .route("/mentor/mains", marking.mentorRoutes)
    .route("/admin/mains-tests", marking.adminRoutes)
    .route("/admin", createCalibrationRoutes(db, { now }))
    .route(
      "/live-classes",
      createLiveClassRoutes(db, {
        publicUrl: deps.publicUrl,
        appTitle: async () => (await settings.get()).appTitle,
      }),
    )
    .route("/admin/live-classes", createAdminLiveClassRoutes(db, {}))
    .route("/notes", library.notes)
    .route("/videos", library.videos)
    .route("/admin/notes", library.adminNotes)
    .route("/admin/videos", library.adminVideos)
    .route("/referrals", createReferralRoutes(db, { publicUrl: deps.publicUrl, now }))
    .route("/admin/referrals", createAdminReferralRoutes(db))
    .route(
      "/notifications",
      createNotificationRoutes(db, {
        vapidPublicKey: deps.push.vapidPublicKey,
        secret: deps.secret,
        allowHttpLoopback: deps.push.allowHttpLoopback,
        lookup: deps.push.lookup,
      }),
    )
    .route("/courses", createCourseRoutes(db))
    .route("/admin/courses", createAdminCourseRoutes(db))
    .route("/accommodations", accommodations.own)
    .route("/admin/accommodations", accommodations.admin)
    // "Report an error" on a question and the admins' queue (decision 064).
    .route("/question-reports", createQuestionReportRoutes(db, { now }))
    .route(
      "/admin/question-reports",
      createAdminQuestionReportRoutes(db, {
        now,
        background: deps.background,
        outbox: deps.outbox,
      }),
    );
  // Not in AppType: the route exists only in end-to-end runs (decision 049). A jump of the clock
  // leaves nothing cached from before it (the live tests' schedule, e.g. a publication).
  if (deps.testClock)
    api.route(
      "/test",
      createTestClockRoutes({ ...deps.testClock, afterTick: () => liveCache.invalidate() }),
    );

  const app = new Hono<AppEnv>()
    .use("*", requestLog(logger))
    // What a route declared it does to cached viewers (a profile edit, the CLI's create-admin).
    .use("*", refreshViewers(viewers))
    // Outside compress(): compressing replaces the response, and headers set on the old one
    // after that were lost on some paths (404s from /storage, unknown paths, /internal).
    .use("*", securityHeaders(securityOptions))
    // Pages and larger JSON answers go out gzip/deflate; built assets are precompressed (spa.ts).
    .use("*", compress())
    // Inside compress(): gives JSON answers a length, so small ones are not gzipped.
    .use("/api/*", jsonLength())
    .use("/api/*", async (c, next) => {
      await next();
      if (!c.res.headers.has("Cache-Control")) setResponseHeader(c, "Cache-Control", "no-store");
    })
    .use("/api/*", requireTrustedOrigin(deps.trustedOrigins))
    .use("/api/*", apiBodyLimit())
    .use("/api/auth/*", clientIp({ trustProxy: deps.trustProxy }))
    // The public forms are limited per sender address too (decision 040).
    .use("/api/support/*", clientIp({ trustProxy: deps.trustProxy }))
    .route(
      "/api/auth",
      createAuthRoutes({
        auth,
        db,
        secret: deps.secret,
        secureCookies: isHttps,
        throttle: deps.throttle,
        // The auth routes say which of their answers end sessions (decision 029).
        viewers,
        onDeviceSignIn: (userIds) => markSharedDevice(db, { userIds, now: now(), logger }),
      }),
    )
    .route("/api", api)
    .route("/storage", createStorageRoutes(deps.storage))
    // robots.txt, sitemap.xml and the web app manifest, built from the data and the settings.
    .route("/", createSiteRoutes({ db, settings, publicUrl: deps.publicUrl }));

  if (deps.internalToken) {
    app.route("/internal", createInternalRoutes({ db, token: deps.internalToken, logger }));
  }

  const notFound = () => {
    throw new AppError("NOT_FOUND", API_MESSAGES.notFound);
  };
  app.all("/api/*", notFound);
  app.notFound((c) => c.json(errorBody("NOT_FOUND", API_MESSAGES.notFound), 404));

  app.onError((err, c) => errorResponse(c, err, { logger, requestId: c.get("requestId") }));

  if (deps.clientDir) {
    const page = createShellPage({ db, settings, publicUrl: deps.publicUrl });
    // A renderer that fails to load leaves the plain shell (logged once here).
    const renderer = (deps.pageRenderer ?? loadPageRenderer(deps.clientDir)).catch(
      (error: unknown) => {
        logger.error("page renderer failed to load", { error: String(error) });
        return null;
      },
    );
    app.route(
      "/",
      createSpaRoutes(deps.clientDir, {
        page,
        render: { renderer, appFetch: (request, env) => app.fetch(request, env), logger },
      }),
    );
  }

  // The answer save, served without Hono by the app's servers (serveOptions, decision 053).
  attachDirectRoutes(
    app,
    createDirectRoutes({
      routes: [createAnswerSaveRoute(db, { now, facts })],
      logger,
      trustedOrigins: deps.trustedOrigins,
      resolveViewer: viewerResolver(db, deps.secret, { secureCookies: isHttps, cache: viewers }),
      isMaintenanceOn,
      securityHeaders: securityOptions,
    }),
  );

  return app;
}

export type AppType = ReturnType<typeof createApp>;
