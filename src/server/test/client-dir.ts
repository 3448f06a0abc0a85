import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/** The shell a built client would serve: what the server fills in for previews and 404s. */
export const TEST_INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Default description" />
<title>My Exam App</title>
</head><body><div id="root"></div></body></html>`;

/**
 * A folder standing in for the built client (`clientDir`), holding `index.html` and `files`
 * (paths relative to it); removed after the file's tests.
 */
export function testClientDir(
  indexHtml = TEST_INDEX_HTML,
  files: Record<string, string> = {},
): string {
  const dir = mkdtempSync(path.join(tmpdir(), "upsc-client-"));
  writeFileSync(path.join(dir, "index.html"), indexHtml);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
