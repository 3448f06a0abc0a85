// Adds up the JSON reports of every runner into the one closing line CI reads.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const args = process.argv.slice(2);
// Failed checks that are not test runners (lint, typecheck) still count as failures.
const extra = args.find((a) => a.startsWith("--extra-failed="));
if (extra) failed += Number(extra.split("=")[1]) || 0;
for (const file of args.filter((a) => !a.startsWith("--"))) {
  if (!existsSync(file)) {
    console.error(`missing report ${file}: counted as one failure`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (report.stats && "expected" in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    // Errors outside tests (a web server that would not start, a broken config) fail the run.
    failed += report.errors?.length ?? 0;
    skipped += report.stats.skipped ?? 0;
  } else {
    // Vitest (jest-compatible JSON)
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.success === false && report.numFailedTests === 0) failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
