import { describe, expect, it } from "vitest";
import { findIssueReferences } from "./issue-references.ts";

// scripts/check-references.ts skips this file: its examples are citations on purpose.
const texts = (source: string) => findIssueReferences(source).map((r) => r.text);

describe("issue references", () => {
  it("finds an issue cited by number, with its line", () => {
    const source = [
      "// nothing here",
      "/** Practice tests (issue 20 §3): the builder. */",
      "// Issue 21: a mentor keeps a profile",
    ].join("\n");
    expect(findIssueReferences(source)).toEqual([
      { line: 2, text: "issue 20" },
      { line: 3, text: "Issue 21" },
    ]);
  });

  it("finds the other forms: plural, '#', possessive, pull requests, GH-, bare '#N'", () => {
    expect(texts("(issues 20 and 21)")).toEqual(["issues 20"]);
    expect(texts("see issue #12")).toEqual(["issue #12"]);
    expect(texts("issue 23's Total Blocking Time")).toEqual(["issue 23"]);
    expect(texts("issue12 in one word")).toEqual(["issue12"]);
    expect(texts("as in PR #7 and pull request 8")).toEqual(["PR #7", "pull request 8"]);
    expect(texts("since GH-42")).toEqual(["GH-42"]);
    expect(texts("the old rule (#31)")).toEqual(["(#31)"]);
    expect(texts("fixes #5; closes #6, see #7")).toEqual(["fixes #5", "closes #6", "see #7"]);
  });

  it("leaves alone what is not a citation", () => {
    expect(
      texts(
        [
          "// an issue with the queue; issues are rare; the issue date of a magazine",
          'expect(item).toHaveTextContent("Attempt #2 · 3 of 5 answered");',
          `const quote = { "'": "&#39;" };`,
          "// upstream bug: https://github.com/vitest-dev/vitest/issues/1234 (and #anchor)",
          "// decision 047, docs/guides/live-tests.md, RFC 5545 §3.3.11",
          "const color = '#123456';",
        ].join("\n"),
      ),
    ).toEqual([]);
  });
});
