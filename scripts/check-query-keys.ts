// `npm run check:query-keys` (part of `npm run lint`): no literal React Query key outside the
// registry in src/web/lib/query-keys.ts (decision 032).

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { findLiteralQueryKeys } from "./lib/query-key-literals.ts";

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return walk(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const files = new Map(walk("src/web").map((file) => [file, readFileSync(file, "utf8")]));
const found = findLiteralQueryKeys(files);
for (const f of found) {
  console.error(`${f.file}:${f.line}: a literal query key; take it from queryKeys: ${f.text}`);
}
console.log(
  `check:query-keys: ${files.size} files, ${found.length === 0 ? "no literal keys" : `${found.length} literal key(s)`}`,
);
if (found.length > 0) process.exitCode = 1;
