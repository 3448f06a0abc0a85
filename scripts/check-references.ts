// `npm run check:references` (part of `npm run lint`): no comment, test name or message cites a
// tracker's issue or pull request by number (lib/issue-references.ts); a clone has no tracker,
// so it points at a decision (docs/decisions), a guide (docs/guides) or docs/benchmarks.md.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findIssueReferences } from "./lib/issue-references.ts";

const ROOTS = ["src", "e2e", "bench", "scripts"];
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|html|sql|md|txt)$/;
// Written by tools, not by hand: drizzle-kit's migration snapshots.
const GENERATED = new Set(["src/server/db/migrations/meta"]);
// The rule's own test, whose examples are citations on purpose.
const EXAMPLES = new Set(["scripts/lib/issue-references.test.ts"]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === "node_modules" || GENERATED.has(file) ? [] : walk(file);
    }
    return TEXT.test(entry.name) ? [file] : [];
  });
}

const files = ROOTS.flatMap(walk).filter((file) => !EXAMPLES.has(file));
let count = 0;
for (const file of files) {
  for (const ref of findIssueReferences(readFileSync(file, "utf8"))) {
    count += 1;
    console.error(
      `${file}:${ref.line}: cites "${ref.text}"; point at a decision (docs/decisions), a guide (docs/guides) or docs/benchmarks.md`,
    );
  }
}
console.log(
  `check:references: ${files.length} files, ${count === 0 ? "no issue numbers" : `${count} issue reference(s)`}`,
);
if (count > 0) process.exitCode = 1;
