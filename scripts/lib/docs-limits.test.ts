import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findIssueReferences } from "./issue-references.ts";

/**
 * The docs stay short enough to read (a newcomer reads README, ARCHITECTURE and one guide in
 * about ten minutes), every relative link in them leads somewhere, and no doc cites an issue
 * number, which a clone cannot look up (it names a decision or a guide instead).
 */

const README_MAX_LINES = 150;
const ARCHITECTURE_MAX_LINES = 200;
const GUIDE_MAX_LINES = 170;
const GUIDES = [
  "engine",
  "client-start-up",
  "offline",
  "payments",
  "live-tests",
  "evaluation",
  "i18n",
  "messages",
  "study",
  "files",
  "accounts",
  "mains-tests",
  "questions",
];

const lineCount = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n").length;

/** Every markdown file under `dir`, recursively. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => file.endsWith(".md") && statSync(file).isFile());
}

/**
 * The relative targets of a markdown file's inline links (`[text](target)`), without their
 * `#anchor`; links to a site (`https:`, `mailto:`) and to an anchor of the same page are left out,
 * and so is anything inside a code span or block.
 */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    targets.push(decodeURI(target.split("#")[0] ?? ""));
  }
  return targets;
}

/** README, ARCHITECTURE, the guides, the decisions' index, and every other page under docs/. */
const linked = ["README.md", ...markdownFiles("docs")];

describe("the docs", () => {
  it(`README is at most ${README_MAX_LINES} lines`, () => {
    expect(lineCount("README.md")).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it(`docs/ARCHITECTURE.md is at most ${ARCHITECTURE_MAX_LINES} lines`, () => {
    expect(lineCount("docs/ARCHITECTURE.md")).toBeLessThanOrEqual(ARCHITECTURE_MAX_LINES);
  });

  it(`has each area's guide, each at most ${GUIDE_MAX_LINES} lines`, () => {
    for (const guide of GUIDES) {
      const file = `docs/guides/${guide}.md`;
      expect(existsSync(file), file).toBe(true);
      expect(lineCount(file), file).toBeLessThanOrEqual(GUIDE_MAX_LINES);
    }
  });

  it("links only to files that exist", () => {
    const broken: string[] = [];
    for (const file of linked) {
      for (const target of relativeLinks(readFileSync(file, "utf8"))) {
        const resolved = path.join(path.dirname(file), target);
        if (!existsSync(resolved)) broken.push(`${file} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("cite no issue numbers", () => {
    const citing: string[] = [];
    for (const file of ["README.md", ...markdownFiles("docs")]) {
      for (const ref of findIssueReferences(readFileSync(file, "utf8"))) {
        citing.push(`${file}:${ref.line}: ${ref.text}`);
      }
    }
    expect(citing).toEqual([]);
  });
});

describe("relativeLinks", () => {
  it("keeps relative targets without their anchors, and skips sites, anchors and code", () => {
    const markdown = [
      "[a](docs/a.md) [b](../b.md#part) [c](https://example.com) [d](#here)",
      '[e](mailto:x@example.com) `[f](not/a/link.md)` [g](dir/ "title")',
      "```",
      "[h](in/code.md)",
      "```",
    ].join("\n");
    expect(relativeLinks(markdown)).toEqual(["docs/a.md", "../b.md", "dir/"]);
  });
});
