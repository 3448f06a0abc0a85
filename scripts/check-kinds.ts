// `npm run check:kinds` (part of `npm run lint`): no attempt-kind comparison outside the kind
// modules (the rule is in lib/kind-comparisons.ts).

import path from "node:path";
import ts from "typescript";
import { findKindComparisons } from "./lib/kind-comparisons.ts";

const KIND_MODULES = ["src/server/modules/attempts/kinds/", "src/web/features/exams/kinds/"];
const TEST = /\.test\.tsx?$/;

const root = process.cwd();
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, "tsconfig.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  },
);
if (!config) throw new Error("tsconfig.json could not be read");
const checked = (fileName: string) => {
  const file = path.relative(root, fileName).split(path.sep).join("/");
  return (
    file.startsWith("src/") && !TEST.test(file) && !KIND_MODULES.some((m) => file.startsWith(m))
  );
};
const program = ts.createProgram({
  rootNames: config.fileNames.filter(checked),
  options: config.options,
});
const found = findKindComparisons(program, checked);
for (const f of found) {
  console.error(
    `${path.relative(root, f.file)}:${f.line}: attempt-kind comparison outside the kind modules: ${f.text}`,
  );
}
console.log(`check:kinds: ${found.length === 0 ? "no problems" : `${found.length} problem(s)`}`);
if (found.length > 0) process.exitCode = 1;
