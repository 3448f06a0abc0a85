// `npm run check:imports` (part of `npm run lint`, so CI runs it): the one-way import rules of
// DESIGN.md, no import cycles in src/, server modules only along the declared module graph
// (decisions 013 and 033), and no bare `z.string(` outside the module that defines text fields
// and the env module (lib/bare-strings.ts).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findBareStrings } from "./lib/bare-strings.ts";
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
const bareStrings = findBareStrings(files);

for (const v of violations) console.error(`${v.file}: imports "${v.specifier}": ${v.rule}`);
for (const cycle of cycles) console.error(`import cycle: ${cycle.join(" <-> ")}`);
for (const b of bareStrings) {
  console.error(
    `${b.file}:${b.line}: bare z.string(); build text fields on text() from src/shared/text.ts`,
  );
}
const problems = violations.length + cycles.length + bareStrings.length;
console.log(
  `check:imports: ${files.size} files, ${edges.length} imports, ${problems === 0 ? "no problems" : `${problems} problem(s)`}`,
);
if (problems > 0) process.exitCode = 1;
