/**
 * Every text field is built on `text()` (src/shared/text.ts), which refuses U+0000: a bare
 * `z.string()` let a NUL reach PostgreSQL and answer 500. Only the module that defines text fields
 * and the env module (which parses process.env, not requests) may call it.
 */
export const BARE_STRING_ALLOWED = new Set(["src/shared/text.ts", "src/server/env.ts"]);

const BARE_STRING = /\bz\s*\.\s*(?:coerce\s*\.\s*)?string\s*\(/g;

export type BareString = { file: string; line: number };

/** Comments and string literals blanked out (newlines kept, so line numbers stay). */
const COMMENT_OR_STRING =
  /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g;
const codeOnly = (source: string) =>
  source.replace(COMMENT_OR_STRING, (text) => text.replace(/[^\n]/g, " "));

/**
 * Each bare string schema (also the coerced one, and one split over lines) in code, not in
 * comments or strings, outside the allowed modules.
 */
export function findBareStrings(files: ReadonlyMap<string, string>): BareString[] {
  const found: BareString[] = [];
  for (const [file, text] of files) {
    if (BARE_STRING_ALLOWED.has(file)) continue;
    const source = codeOnly(text);
    for (const match of source.matchAll(BARE_STRING)) {
      found.push({ file, line: source.slice(0, match.index).split("\n").length });
    }
  }
  return found;
}
