// The API tests' app (decision 031; docs/guides/testing.md). `setupTestApp()` at the top of a
// file gives `t` (the app on a copy of the migrated template database) and one signed-in user per
// named role. Two ways to call the app, both answered in process by `app.request`:
//   - `t.client(user)`: the typed client (Hono's `hc<AppType>`, as the web's `api`). New tests
//     use it: a wrong path, param, query or JSON body is a type error, and `.json()` is typed.
//       const saved = await t.client(student).account.language.$put({ json: { language: "hi" } });
//     `t.client()` is a visitor; `errorOf(response)` reads a refusal's `{ code, message }`.
//   - `t.request(path, { method, body, cookie })`: untyped, for what the types refuse on purpose
//     (malformed bodies, raw bodies, paths outside the typed routes such as /api/auth).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { hc } from "hono/client";
import { afterAll, beforeAll } from "vitest";
import type { Role } from "../../shared/constants.ts";
import type { ApiErrorBody } from "../../shared/errors.ts";
import type { AppType } from "../app.ts";
import type { ThrottlePolicy } from "../auth/account-throttle.ts";
import { createServer } from "../bootstrap.ts";
import type { Database } from "../db/client.ts";
import { user } from "../db/schema/auth.ts";
import { profiles } from "../db/schema/profiles.ts";
import type { UploadRate } from "../files/upload-rate.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import type { PageRenderer } from "../lib/page-render.ts";
import type { TestClockDeps } from "../lib/test-clock.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { createAdmin } from "../modules/account/create-admin.ts";
import type { PushLookup } from "../modules/notifications/push-endpoint.ts";
import { createLocalStorage } from "../storage/local-storage.ts";
import type { FileStorage } from "../storage/storage.ts";
import { testVapidKeys } from "./push-service-stand-in.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";
/** Students' default password in tests; admins need 12 characters (decision 029). */
export const TEST_PASSWORD = "Tq7-violet-harbor-92";
export const TEST_ADMIN_PASSWORD = "Tq7-violet-harbor-92-admin";

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;
export type TestContextOptions = NonNullable<Parameters<typeof createTestContext>[0]>;
/** A signed-in user made by createUser: its id, email and session cookie. */
export type TestUser = Awaited<ReturnType<TestContext["createUser"]>>;
/** The typed client of the app's /api routes (`t.client(user)`), as the web's `api`. */
export type TestClient = ReturnType<typeof hc<AppType>>["api"];

type RequestOptions = {
  method?: string;
  body?: unknown;
  /** A body sent as it is (with its own content-type header), instead of JSON. */
  rawBody?: string;
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** Send to this app instead (a second instance on the same database, see createInstance). */
  app?: ReturnType<typeof createServer>["app"];
};

/** createApp() on a fresh database, with helpers that speak HTTP to it like a browser would. */
export async function createTestContext(
  options: {
    rateLimitMax?: number;
    requireEmailVerification?: boolean;
    /** Defaults to local storage in a temporary folder, removed by close(). */
    storage?: FileStorage;
    /** A built client (index.html) to serve, for tests of the HTML the server returns. */
    clientDir?: string;
    /** Renders pages on the server (src/web/entry-server.tsx's renderPage), with `clientDir`. */
    pageRenderer?: Promise<PageRenderer | null>;
    /** Defaults to a silent logger. */
    logger?: Logger;
    /** The app's public address (default TEST_ORIGIN); browsers' requests come from it. */
    publicUrl?: string;
    /** Origins allowed besides the public URL's (as TRUSTED_ORIGINS / loopback defaults). */
    trustedOrigins?: string[];
    /** Take the client address from X-Forwarded-For, as behind a proxy. */
    trustProxy?: boolean;
    /** Per-account limits on password checks (default: production's). */
    throttle?: ThrottlePolicy;
    /** Mounts the CLI's local channel (/internal) with this token. */
    internalToken?: string;
    /** Razorpay base URLs (the local sandbox). */
    razorpay?: { apiUrl: string; checkoutUrl: string };
    /** The viewer cache's lifetime and clock (default: production's, on the real clock). */
    viewerCache?: { ttlMs?: number; now?: () => number };
    /** A movable server clock and its route, as in end-to-end runs (decision 049). */
    testClock?: TestClockDeps;
    /** Uploads per user and window (default: production's, UPLOAD_RATE_DEFAULTS). */
    uploadRate?: UploadRate;
    /** Resolves push endpoints' names (default: the system's resolver). */
    pushLookup?: PushLookup;
    /** PUSH_ALLOW_HTTP_LOOPBACK (default on: the local stand-in push service). */
    pushAllowLoopback?: boolean;
  } = {},
) {
  const origin = options.publicUrl ?? TEST_ORIGIN;
  const database: Database = await createTestDatabase();
  const storageDir = mkdtempSync(path.join(tmpdir(), "upsc-storage-"));
  const storage = options.storage ?? createLocalStorage(storageDir);
  const mail: MailMessage[] = [];
  const makeServer = () =>
    createServer({
      database,
      logger: options.logger ?? createLogger("silent"),
      mailer: { send: async (message) => void mail.push(message) },
      secret: "test-secret-test-secret-test-secret-123",
      publicUrl: origin,
      trustedOrigins: options.trustedOrigins,
      storage,
      clientDir: options.clientDir,
      pageRenderer: options.pageRenderer,
      internalToken: options.internalToken,
      trustProxy: options.trustProxy,
      throttle: options.throttle,
      requireEmailVerification: options.requireEmailVerification ?? false,
      rateLimit: { max: options.rateLimitMax ?? 1000, windowSeconds: 60 },
      razorpay: options.razorpay,
      viewerCache: options.viewerCache,
      testClock: options.testClock,
      uploadRate: options.uploadRate,
      push: {
        vapid: testVapidKeys,
        allowHttpLoopback: options.pushAllowLoopback ?? true,
        lookup: options.pushLookup,
      },
    });
  const { app, auth, background } = makeServer();

  async function request(path: string, init: RequestOptions = {}) {
    const headers: Record<string, string> = { origin, ...init.headers };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.cookie) headers.cookie = init.cookie;
    const env = { incoming: { socket: { remoteAddress: init.ip ?? "127.0.0.1" } } };
    const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
    return (init.app ?? app).request(
      path,
      { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body },
      env,
    );
  }

  /**
   * The app's typed client (Hono's `hc<AppType>`, the web's `api` in src/web/lib/api.ts), answered
   * in process by `app.request` like `request()`: as `user` (its session cookie), or signed out
   * when `user` is omitted or null. Paths, params, query and JSON bodies are checked by tsc against
   * the routes, and `.json()` has the type the handler answers with. A body the types refuse (the
   * tests of malformed input) goes through `request()`.
   */
  function client(
    user?: { cookie: string } | null,
    init: Pick<RequestOptions, "ip" | "headers" | "app"> = {},
  ): TestClient {
    const target: AppType = init.app ?? app;
    const env = { incoming: { socket: { remoteAddress: init.ip ?? "127.0.0.1" } } };
    const headers: Record<string, string> = { origin, ...init.headers };
    if (user) headers.cookie = user.cookie;
    return hc<AppType>("/", {
      headers,
      fetch: (input: RequestInfo | URL, requestInit?: RequestInit) =>
        target.request(input, requestInit, env),
    }).api;
  }

  async function signUp(
    input: { email: string; password?: string; fullName?: string } & Record<string, unknown>,
    init: { headers?: Record<string, string>; ip?: string } = {},
  ) {
    const { email, password = TEST_PASSWORD, fullName = "Test Student", ...rest } = input;
    return request("/api/auth/sign-up/email", {
      ...init,
      body: {
        name: fullName,
        email,
        password,
        metadata: { full_name: fullName, mobile_number: "", address: "", date_of_birth: "" },
        ...rest,
      },
    });
  }

  /** Signs in and returns the session cookie header for later requests. */
  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await request("/api/auth/sign-in/email", { body: { email, password } });
    if (response.status !== 200) {
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    }
    return cookieFrom(response);
  }

  let counter = 0;
  /**
   * A signed-in user of the given role, with a unique email. A mentor (decision 042) signs up as a
   * student would and has profiles.role set to 'mentor' before signing in, as an admin's
   * promotion leaves it; the cookie's session sees the mentor role.
   */
  async function createUser(role: Role = "student") {
    counter += 1;
    const email = `${role}${counter}-${Date.now()}@example.com`;
    if (role === "admin") {
      await createAdmin(database.db, {
        email,
        password: TEST_ADMIN_PASSWORD,
        name: `Admin ${counter}`,
      });
    } else {
      const fullName = `${role === "mentor" ? "Mentor" : "Student"} ${counter}`;
      const response = await signUp({ email, fullName });
      if (response.status !== 200) throw new Error(`sign-up failed: ${await response.text()}`);
    }
    const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user row for ${email}`);
    if (role === "mentor") {
      const promoted = await database.db
        .update(profiles)
        .set({ role: "mentor" })
        .where(eq(profiles.id, row.id))
        .returning({ id: profiles.id });
      if (promoted.length !== 1) throw new Error(`no profile row for ${email}`);
    }
    const password = role === "admin" ? TEST_ADMIN_PASSWORD : TEST_PASSWORD;
    const cookie = await signIn(email, password);
    return { id: row.id, email, password, cookie };
  }

  return {
    app,
    auth,
    db: database.db,
    database,
    mail,
    request,
    client,
    signUp,
    signIn,
    createUser,
    /** Waits for the work requests started without waiting (a key change's regrade). */
    settled: () => background.settled(),
    /** Another server instance on the same database, as behind a load balancer. */
    createInstance: () => makeServer().app,
    storage,
    storageDir,
    close: async () => {
      await database.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-in mentor (decision 042): signed up like a student, then profiles.role = 'mentor'.
 * The same as `t.createUser("mentor")`; `setupTestApp({ users: { mentor: "mentor" } })` makes
 * one for the whole file.
 */
export function createMentor(t: TestContext): Promise<TestUser> {
  return t.createUser("mentor");
}

/**
 * The error of a refused answer (`{ error: { code, message } }`): the typed client's `.json()` has
 * the type of the route's success, so a test that expects a refusal reads it through this.
 */
export async function errorOf(response: Response): Promise<ApiErrorBody["error"]> {
  return ((await response.json()) as ApiErrorBody).error;
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * The set-up most API test files share: the app on a fresh database (a copy of the migrated
 * template, decision 031) before the file's tests, one signed-in user per named role, and
 * close() after them. Call it at the top level of the file:
 *
 *   const { t, admin, student } = setupTestApp({ users: { admin: "admin", student: "student" } });
 *
 * `t` and the users are handles filled in by the beforeAll this registers (hooks the file adds
 * after the call run after it), so tests and helpers use them as they would the context and
 * the users themselves; touching them before that hook has run throws.
 */
export function setupTestApp<const Users extends Record<string, Role> = Record<never, never>>(
  options: TestContextOptions & { users?: Users } = {},
): { t: TestContext } & { [Name in keyof Users]: TestUser } {
  const { users, ...contextOptions } = options;
  let context: TestContext | undefined;
  const made = new Map<string, TestUser>();
  beforeAll(async () => {
    context = await createTestContext(contextOptions);
    // One after another: createUser numbers its users, and the order stays the file's.
    for (const [name, role] of Object.entries(users ?? {})) {
      made.set(name, await context.createUser(role));
    }
  });
  afterAll(async () => {
    await context?.close();
  });
  const handles: Record<string, unknown> = { t: lateHandle("t", () => context) };
  for (const name of Object.keys(users ?? {})) {
    handles[name] = lateHandle(name, () => made.get(name));
  }
  return handles as { t: TestContext } & { [Name in keyof Users]: TestUser };
}

/** An object that stands for the one `get` returns once it exists (after a beforeAll). */
function lateHandle<T extends object>(name: string, get: () => T | undefined): T {
  const target = () => {
    const value = get();
    if (!value) throw new Error(`${name} is made in beforeAll: use it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(target(), key),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
