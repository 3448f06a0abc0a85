// `npm run lint` runs this (decision 039). It reads the web client's source and checks:
//   1. every key the code translates (`t("…")`, `i18n.t("…")`, `msg("…")`) has its Hindi entry in
//      src/shared/i18n/hi/*.json (with `_one`/`_other` forms when a `count` is passed), and no two
//      area files translate one key differently;
//   2. no file shows English that does not go through `t()`: text between JSX tags, the
//      user-facing attributes and props (aria-label, placeholder, title, label, description …),
//      the same names in object literals, and the texts of toasts. A file not converted yet is
//      listed in scripts/i18n-pending.txt; a listed file with nothing left to convert must leave
//      the list, so it only ever shrinks.
// `--write-pending` rewrites the list from what is found (for the first run, not for hiding).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { HINDI_AREAS } from "../src/shared/i18n/hi/index.ts";

const SOURCES = ["src/web", "src/shared/route-catalog.ts"];
/** Shared code is read for its `msg("…")` keys only (messages the server and the web show). */
const KEY_SOURCES = ["src/shared"];
const PENDING_FILE = "scripts/i18n-pending.txt";

/** Props and object keys whose string value a user reads or hears. */
const USER_FACING = new Set([
  "aria-label",
  "aria-description",
  "alt",
  "placeholder",
  "title",
  "label",
  "description",
  "hint",
  "heading",
  "subtitle",
  "emptyTitle",
  "emptyText",
  "emptyMessage",
  "confirmLabel",
  "cancelLabel",
  "submitLabel",
  "pendingLabel",
  "successMessage",
]);
/** Calls whose string arguments are shown: the toasts. */
const SHOWN_CALLS = new Set([
  "notify.success",
  "notify.error",
  "notify.info",
  "toast",
  "toast.success",
  "toast.error",
]);
const TRANSLATING_CALLS = new Set(["t", "i18n.t", "msg"]);

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text);

function sourceFiles(roots = SOURCES): string[] {
  return roots
    .flatMap((root) =>
      root.endsWith(".ts")
        ? [root]
        : (readdirSync(root, { recursive: true }) as string[])
            .filter(
              (name) =>
                /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes("test/"),
            )
            .map((name) => path.join(root, name)),
    )
    .sort();
}

type Found = { keys: { key: string; plural: boolean; where: string }[]; untranslated: string[] };

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression))
    return `${calleeName(expression.expression)}.${expression.name.text}`;
  return "";
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

function insideTranslatingCall(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isCallExpression(parent) && TRANSLATING_CALLS.has(calleeName(parent.expression)))
      return true;
    if (ts.isJsxElement(parent) || ts.isBlock(parent)) return false;
  }
  return false;
}

function scan(file: string): Found {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Found = { keys: [], untranslated: [] };
  const where = (node: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (TRANSLATING_CALLS.has(name)) {
        const key = literalText(node.arguments[0]);
        if (key !== null) {
          const options = node.arguments[1];
          const plural =
            options !== undefined &&
            ts.isObjectLiteralExpression(options) &&
            options.properties.some(
              (p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === "count",
            );
          found.keys.push({ key, plural, where: where(node) });
        }
      } else if (SHOWN_CALLS.has(name)) {
        for (const argument of node.arguments) {
          // A literal, or a template whose fixed parts hold words (`"${title}" has been saved.`).
          const shown = ts.isTemplateExpression(argument)
            ? [argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)].join(
                " ",
              )
            : literalText(argument);
          if (shown !== null && hasWords(shown))
            found.untranslated.push(`${where(argument)} ${name}("${shown.slice(0, 60)}")`);
        }
      }
    } else if (ts.isJsxText(node)) {
      const shown = node.text.trim();
      if (hasWords(shown)) found.untranslated.push(`${where(node)} text "${shown.slice(0, 60)}"`);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      const value = node.initializer;
      const shown =
        value && ts.isStringLiteral(value)
          ? value.text
          : value && ts.isJsxExpression(value)
            ? literalText(value.expression)
            : null;
      if (USER_FACING.has(name) && shown !== null && hasWords(shown))
        found.untranslated.push(`${where(node)} ${name}="${shown.slice(0, 60)}"`);
    } else if (ts.isPropertyAssignment(node)) {
      const name =
        ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : "";
      const shown = literalText(node.initializer);
      if (
        USER_FACING.has(name) &&
        shown !== null &&
        hasWords(shown) &&
        !insideTranslatingCall(node)
      )
        found.untranslated.push(`${where(node)} ${name}: "${shown.slice(0, 60)}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const errors: string[] = [];

// Conflicting translations across the area files.
const seen = new Map<string, { area: string; hindi: string }>();
for (const [area, entries] of Object.entries(HINDI_AREAS)) {
  for (const [key, hindi] of Object.entries(entries)) {
    const before = seen.get(key);
    if (before && before.hindi !== hindi)
      errors.push(
        `"${key}" is translated differently in hi/${before.area}.json and hi/${area}.json`,
      );
    if (!before) seen.set(key, { area, hindi });
    if (hindi.trim() === "") errors.push(`"${key}" has an empty translation in hi/${area}.json`);
  }
}

const pending = new Set(
  readFileSync(PENDING_FILE, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);
const stillPending: string[] = [];
let keyCount = 0;
for (const file of sourceFiles()) {
  const found = scan(file);
  for (const { key, plural, where } of found.keys) {
    keyCount += 1;
    const needed = plural ? [`${key}_one`, `${key}_other`] : [key];
    for (const k of needed)
      if (!seen.has(k)) errors.push(`${where} no Hindi for "${k}" (add it to src/shared/i18n/hi/)`);
  }
  if (found.untranslated.length > 0) {
    stillPending.push(file);
    if (!pending.has(file))
      errors.push(...found.untranslated.map((line) => `${line}: show it through t()`));
  } else if (pending.has(file)) {
    errors.push(`${file} has nothing left to translate: remove it from ${PENDING_FILE}`);
  }
}
for (const file of sourceFiles(KEY_SOURCES)) {
  for (const { key, where } of scan(file).keys) {
    keyCount += 1;
    if (!seen.has(key))
      errors.push(`${where} no Hindi for "${key}" (add it to src/shared/i18n/hi/)`);
  }
}
for (const file of pending)
  if (!sourceFiles().includes(file)) errors.push(`${PENDING_FILE} lists ${file}, which is gone`);

if (process.argv.includes("--write-pending")) {
  writeFileSync(
    PENDING_FILE,
    `# Files whose English is not yet shown through t() (scripts/check-i18n.ts, decision 039).\n# The list only shrinks: a file with nothing left to translate must leave it.\n${stillPending.join("\n")}\n`,
  );
  console.log(`check:i18n wrote ${stillPending.length} pending files to ${PENDING_FILE}`);
  process.exit(0);
}

if (errors.length > 0) {
  console.error(errors.join("\n"));
  console.error(`\ncheck:i18n: ${errors.length} problem(s)`);
  process.exit(1);
}
const files = sourceFiles().length;
console.log(
  `check:i18n: ${keyCount} texts shown through t(), all with Hindi; ${stillPending.length} of ${files} source files still show English outside t() (${PENDING_FILE})`,
);
