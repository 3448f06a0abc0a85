// `npm run check:web-conventions` (part of `npm run lint`): outside src/web/components/, loading
// and error states come from the shared components and every <form> is a form-kit form. The
// rules, and the few files excused from them, are in lib/web-conventions.ts (decision 032).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { checkWebConventions, RULE_HELP } from "./lib/web-conventions.ts";

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return walk(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const files = new Map(walk("src/web").map((file) => [file, readFileSync(file, "utf8")]));
const found = checkWebConventions(files);
for (const f of found)
  console.error(`${f.file}:${f.line}: [${f.rule}] ${RULE_HELP[f.rule]}: ${f.text}`);
console.log(
  `check:web-conventions: ${files.size} files, ${found.length === 0 ? "no hand-drawn states or forms" : `${found.length} finding(s)`}`,
);
if (found.length > 0) process.exitCode = 1;
