import { defineConfig } from "@playwright/test";
import { sandboxAppEnv, withSandbox } from "./e2e/payments-sandbox.ts";
import { freePortSync } from "./scripts/lib/free-port.mjs";

// A free port unless E2E_PORT says otherwise. Kept in the environment because Playwright loads
// this file again in each worker, and the workers inherit it: everyone agrees on one port.
process.env.E2E_PORT ||= String(freePortSync());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
export const e2eDataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";

// Debian's Chromium, never a downloaded browser (see README).
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const config = defineConfig({
  testDir: "e2e",
  // One admin and its saved session for the whole run (e2e/fixtures.ts, decision 031).
  globalSetup: "./e2e/global-setup.ts",
  // Bounds, not speed targets: the journeys run on a shared 2-core CI machine where one page load
  // can take seconds, and no test waits on a real timer (they finish as soon as the app does).
  // 180 s since two workers share the cores (decision 038): the exam authoring journey took
  // 1.2 min beside one other journey and passed 90 s on a loaded machine.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  // Two workers, one per core (decision 038): the journeys make their own students, exams and
  // quizzes, so they run side by side. The few that change the whole site (maintenance mode,
  // the payment keys) or assert the untouched demo content are tagged @site-wide and run alone,
  // first, in a run of their own (scripts/test-e2e.mjs runs the two projects one after the other).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  projects: [
    { name: "site-wide", grep: /@site-wide/, workers: 1 },
    { name: "journeys", grepInvert: /@site-wide/ },
  ],
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? ".reports/e2e.json" }]],
  use: {
    baseURL,
    browserName: "chromium",
    trace: "retain-on-failure",
    // No service worker but in the journey about it (e2e/pwa.spec.ts): installing it would add
    // its downloads to every new page's requests, and its cache would answer requests other
    // journeys expect to reach the server (decision 045). e2e/fixtures.ts applies the same
    // default to the contexts the journeys open themselves.
    serviceWorkers: "block",
    launchOptions: {
      executablePath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: "node --import tsx src/server/index.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: e2eDataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "200",
      // A test run: a server clock the live test journey moves (decision 049; TEST_CLOCK is taken
      // only with NODE_ENV=test), and push endpoints on loopback for a local stand-in.
      NODE_ENV: "test",
      TEST_CLOCK: "1",
      PUSH_ALLOW_HTTP_LOOPBACK: "true",
      ...sandboxAppEnv,
    },
  },
});

// The Razorpay stand-in runs beside the app (e2e/payments-sandbox.ts).
export default withSandbox(config, baseURL);
