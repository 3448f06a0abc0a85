// The journeys' `test`: Playwright's, plus `loginAs`, which opens a browser context already
// signed in (decision 031). Sign-in through the form is tested by the journeys about sign-in;
// every other journey starts signed in and drives the UI only for what it tests.
import { readFileSync } from "node:fs";
import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import { trackRequests } from "./a11y-helpers.ts";
import { ADMIN_ACCOUNT, ADMIN_STATE } from "./auth-state.ts";
import { createAdminWithCli, createStudent } from "./helpers.ts";

export type Account = { email: string; password: string; fullName: string };

/** The run's admin (made by e2e/global-setup.ts), for set-up through the API. */
export function runAdmin(): Account {
  return JSON.parse(readFileSync(ADMIN_ACCOUNT, "utf8")) as Account;
}
export type SignedIn = { page: Page; context: BrowserContext; user: Account };

type LoginAs = (
  role: "student" | "admin",
  options?: {
    /** A new student's full name (students are new for each call: journeys never share one). */
    fullName?: string;
    /** An existing account to sign in instead of a new student. */
    account?: Account;
    /** Viewport, touch, and the like (a11y-helpers' WIDTHS). */
    context?: BrowserContextOptions;
    /**
     * The interface language, remembered for the account before the page opens, with the
     * browser's locale to match. Hindi needs an account of its own: for an admin, a new one made
     * with the CLI, since the run's admin is shared by journeys that read the English interface.
     */
    language?: "en" | "hi";
  },
) => Promise<SignedIn>;

export const test = base.extend<{ loginAs: LoginAs }>({
  // Every context a journey opens itself (loginAs, openAs, a visitor's) blocks the service worker
  // as the config's `use` does for the `context` fixture, unless it asks for one (decision 045).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (options) => newContext({ serviceWorkers: "block", ...options });
      await use(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    trackRequests(context);
    await use(context);
  },
  loginAs: async ({ browser, baseURL, request }, use) => {
    if (!baseURL) throw new Error("baseURL is set in playwright.config.ts");
    const opened: BrowserContext[] = [];
    await use(async (role, options = {}) => {
      const hindi = options.language === "hi";
      if (role === "admin" && !options.account && !hindi) {
        // The run's admin: its saved session, so no sign-in request at all.
        const context = await browser.newContext({
          ...options.context,
          baseURL,
          storageState: ADMIN_STATE,
        });
        trackRequests(context);
        opened.push(context);
        return { context, page: await context.newPage(), user: runAdmin() };
      }
      const user =
        options.account ??
        (role === "admin"
          ? createAdminWithCli(options.fullName)
          : await createStudent(request, baseURL, options.fullName));
      const context = await browser.newContext({
        ...options.context,
        ...(hindi ? { locale: "hi-IN" } : {}),
        baseURL,
      });
      trackRequests(context);
      opened.push(context);
      const response = await context.request.post("/api/auth/sign-in/email", {
        headers: { origin: baseURL },
        data: { email: user.email, password: user.password },
      });
      expect(response.status()).toBe(200);
      if (options.language) {
        const saved = await context.request.put("/api/account/language", {
          headers: { origin: baseURL },
          data: { language: options.language },
        });
        expect(saved.status()).toBe(200);
      }
      return { context, page: await context.newPage(), user };
    });
    for (const context of opened) await context.close();
  },
});

export { expect };

/**
 * The tag of a journey that changes the whole site (maintenance mode, the payment keys) or
 * asserts the demo content as installed: such journeys run first and one at a time, before the
 * others run side by side (playwright.config.ts, decision 038).
 */
export const SITE_WIDE = { tag: "@site-wide" };
