// `npm test`: unit, component and API tests (API on in-memory PGlite), then the end-to-end
// journeys in Chromium when it is installed. JSON reports go to .reports/ for CI's summary.

import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";

mkdirSync(".reports", { recursive: true });
const run = (args, env = {}) =>
  spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ??
  1;

const unit = run([
  "node_modules/vitest/vitest.mjs",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=.reports/vitest.json",
]);
const e2e = run(["scripts/test-e2e.mjs"]);
process.exit(unit !== 0 || e2e !== 0 ? 1 : 0);
