// `npm run check:imports` (part of `npm run lint`, so CI runs it): the one-way import rules of
// DESIGN.md, no import cycles in src/, and server modules only along the declared module graph.
// See decisions 013 and 033.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkBoundaries } from "./lib/import-boundaries.ts";

const ROOTS = ["src", "scripts", "e2e", "bench"];
const SOURCE = /\.(ts|tsx|mjs)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

const files = new Map(ROOTS.flatMap(walk).map((file) => [file, readFileSync(file, "utf8")]));
const { edges, violations, cycles } = checkBoundaries(files);

for (const v of violations) console.error(`${v.file}: imports "${v.specifier}": ${v.rule}`);
for (const cycle of cycles) console.error(`import cycle: ${cycle.join(" <-> ")}`);
const problems = violations.length + cycles.length;
console.log(
  `check:imports: ${files.size} files, ${edges.length} imports, ${problems === 0 ? "no problems" : `${problems} problem(s)`}`,
);
if (problems > 0) process.exitCode = 1;
