// `npm run test:e2e`: builds the client, then runs the Playwright journeys in Debian's Chromium
// against the real server on a fresh embedded database.

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { freePort } from "./lib/free-port.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.log(
    `\nSKIPPED end-to-end tests: no Chromium at ${chromium}.\n` +
      "Install Debian's Chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH, then run npm run test:e2e.\n",
  );
  process.exit(0);
}

// The server listens on a free port (E2E_PORT overrides), so parallel runs never collide.
/** Resolves once the process named in the owner file has exited (at most 30 s). */
async function serverGone(ownerFile) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    let pid;
    try {
      pid = JSON.parse(readFileSync(ownerFile, "utf8")).pid;
    } catch {
      return;
    }
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await delay(100);
  }
}

const env = { ...process.env, E2E_PORT: process.env.E2E_PORT || String(await freePort()) };
const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit", env }).status ?? 1;

if (run(["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"]) !== 0) process.exit(1);
const dataDir = process.env.E2E_DATA_DIR ?? ".e2e-data";
rmSync(dataDir, { recursive: true, force: true });
// `--screens` (npm run test:screens): also save the screenshots to .reports/screens/.
const args = process.argv.slice(2).filter((a) => a !== "--screens");
if (process.argv.includes("--screens")) env.E2E_SCREENSHOTS = "1";
const playwright = (extra, report) => {
  env.E2E_REPORT = report;
  return run(["node_modules/@playwright/test/cli.js", "test", ...extra, ...args]);
};
if (args.some((a) => a.startsWith("--project"))) process.exit(playwright([], ".reports/e2e.json"));
// The journeys that change the whole site run first and alone, then the rest on two workers
// (playwright.config.ts, decision 038): two runs, so neither can overlap the other, each with
// its own report (CI's summary and test:profile read both).
const siteWide = playwright(
  ["--project=site-wide", "--pass-with-no-tests"],
  ".reports/e2e-site-wide.json",
);
// Playwright stops the first run's server with a signal and moves on; the server may still be
// closing the embedded database (its shutdown waits for requests in flight). The next run's
// server would refuse a database another process holds, so wait for that process to be gone.
await serverGone(path.join(dataDir, "owner.json"));
const journeys = playwright(["--project=journeys", "--pass-with-no-tests"], ".reports/e2e.json");
process.exit(siteWide !== 0 || journeys !== 0 ? 1 : 0);
