// `npm run check:services` (part of `npm run lint`): server services take (db, input).
//
// The rule, as checked (scripts/lib/service-signatures.ts):
//   An exported function (`export function f`, `export const f = (...) =>`) in a
//   `src/server/modules/**/*.ts` file that is not a test (`*.test.ts`, anything under a `test/`
//   folder) and not a route table (`*.routes.ts`), whose first parameter is declared as a database
//   handle (`Db`, `Tx` or `DbOrTx`, alone or as a union of them), takes at most two parameters,
//   and its second parameter, if any, is not typed with an inline object type (`{ ... }`, alone
//   or in a union or intersection) and is not destructured without a type: the input is a named
//   type, `export type StartAttemptInput = { ... }`, or a single scalar (`userId: string`).
//   The clock goes inside the input (`now: Date` as a field), never as a third parameter.
//
// scripts/services-allowlist.txt excuses named services (`file#name`, one a line, a comment line
// above each saying why it cannot follow the rule); it is empty now. An entry that matches nothing
// any more fails the check, so the list only shrinks.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  applyAllowList,
  checkServiceSignatures,
  parseAllowList,
} from "./lib/service-signatures.ts";

const ROOT = "src/server/modules";
const ALLOW_LIST = "scripts/services-allowlist.txt";

const files = (readdirSync(ROOT, { recursive: true }) as string[])
  .map((name) => path.posix.join(ROOT, name.split(path.sep).join("/")))
  .filter((file) => file.endsWith(".ts"))
  .sort();
const findings = files.flatMap((file) => checkServiceSignatures(file, readFileSync(file, "utf8")));
const { violations, stale } = applyAllowList(
  findings,
  parseAllowList(readFileSync(ALLOW_LIST, "utf8")),
);

for (const v of violations) console.error(`${v.file}:${v.line}: ${v.name}: ${v.reason}`);
for (const key of stale) console.error(`${ALLOW_LIST}: ${key} matches no violation; remove it`);
const problems = violations.length + stale.length;
console.log(
  `check:services: ${files.length} files, ${findings.length - violations.length} allowed, ${problems === 0 ? "no problems" : `${problems} problem(s)`}`,
);
if (problems > 0) process.exitCode = 1;
