// `npm run test:profile`: where the test run's time went, from the JSON reports in .reports/
// (written by `npm test` and CI). Prints each suite's wall-clock total, then the 20 slowest test
// files and the 20 slowest journeys. `--dir=PATH` reads another folder's reports.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dirArg = process.argv.find((a) => a.startsWith("--dir="));
const dir = dirArg ? dirArg.slice("--dir=".length) : ".reports";
const TOP = 20;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, width) => String(text).padStart(width);
// Reports hold absolute paths; the checkout they came from is the folder holding .reports/.
const root = path.dirname(path.resolve(dir));
const relative = (file) => (path.isAbsolute(file) ? path.relative(root, file) : file);

function readJson(name) {
  const file = path.join(dir, name);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Vitest's jest-compatible report: per file, its start and end; the project from the path. */
function vitestFiles(report) {
  return report.testResults.map((r) => ({
    name: relative(r.name),
    ms: r.endTime - r.startTime,
    start: r.startTime,
    end: r.endTime,
    tests: r.assertionResults.length,
  }));
}

/** Playwright's report: suites nest (file, describe), specs hold tests, tests hold results. */
function journeys(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        found.push({ name: `${spec.file}: ${[...titles, spec.title].join(" › ")}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}

const totals = [];
function suiteTotal(label, files, wallMs) {
  const busy = files.reduce((sum, f) => sum + f.ms, 0);
  totals.push({ label, wallMs, busy, count: files.length });
}

function printTop(title, rows) {
  console.log(`\n${title}`);
  const sorted = [...rows].sort((a, b) => b.ms - a.ms).slice(0, TOP);
  for (const row of sorted) console.log(`${pad(seconds(row.ms), 9)}  ${row.name}`);
}

let any = false;
for (const [name, label] of [
  ["vitest.json", "vitest (unit, component, API on PGlite)"],
  ["vitest-postgres.json", "vitest (API on PostgreSQL)"],
]) {
  const report = readJson(name);
  if (!report) continue;
  any = true;
  const files = vitestFiles(report);
  const start = Math.min(...files.map((f) => f.start));
  const end = Math.max(...files.map((f) => f.end));
  suiteTotal(label, files, end - start);
  for (const project of ["server", "web"]) {
    const own = files.filter((f) =>
      project === "web" ? f.name.startsWith("src/web/") : !f.name.startsWith("src/web/"),
    );
    if (own.length === 0) continue;
    const ownStart = Math.min(...own.map((f) => f.start));
    const ownEnd = Math.max(...own.map((f) => f.end));
    suiteTotal(`  project ${project}`, own, ownEnd - ownStart);
  }
  printTop(`Slowest ${TOP} test files, ${label} (${files.length} files):`, files);
}

// The site-wide journeys run first and alone, then the rest on two workers (scripts/test-e2e.mjs).
const e2eRows = [];
for (const [name, label] of [
  ["e2e-site-wide.json", "Playwright, site-wide journeys (one worker)"],
  ["e2e.json", "Playwright journeys (two workers)"],
]) {
  const report = readJson(name);
  if (!report) continue;
  any = true;
  const rows = journeys(report);
  e2eRows.push(...rows);
  suiteTotal(label, rows, report.stats?.duration ?? 0);
}
if (e2eRows.length > 0) printTop(`Slowest ${TOP} journeys (${e2eRows.length}):`, e2eRows);

if (!any) {
  console.log(`No reports in ${dir}/: run npm test (or CI) first.`);
  process.exit(1);
}

console.log(
  "\nTotals (wall clock; 'busy' adds up each file's or journey's own time, which for vitest" +
    " leaves out importing the file and setting up its environment):",
);
for (const t of totals) {
  console.log(
    `${pad(seconds(t.wallMs), 9)}  ${t.label}: ${t.count} ${t.label.includes("journeys") ? "journeys" : "files"}, busy ${seconds(t.busy)}`,
  );
}
