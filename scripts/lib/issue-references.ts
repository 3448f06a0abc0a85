/**
 * A clone has no issue tracker, so comments, test names and messages point at what it has: a
 * decision (docs/decisions/NNN-*.md, cited as "decision 047"), a guide (docs/guides/*.md) or
 * docs/benchmarks.md. These are the citations of a tracker's issue or pull request by number: the
 * word "issue" or "issues" followed by a number (with or without "#"), "PR #N" or "pull request N",
 * "GH-N", "#N" alone in parentheses, and "#N" after a word that links a change to an issue
 * ("fixes", "closes", "see" …). A number inside a URL (a library's issue page) is not one, nor is
 * "#N" after other words (an attempt's number) or in an HTML entity.
 */
const CITATION = new RegExp(
  [
    String.raw`\bissues?[ \t]*#?\d+`,
    String.raw`\b(?:PR|pull request)[ \t]*#?\d+`,
    String.raw`\bGH-\d+\b`,
    String.raw`\(#\d+\)`,
    String.raw`\b(?:see|fix(?:es|ed)?|close[sd]?|resolve[sd]?|refs?)[ \t]+#\d+\b`,
  ].join("|"),
  "gi",
);

/** A URL runs from its scheme to the next space, quote or bracket. */
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>()[\]{}]*/gi;

export type IssueReference = { line: number; text: string };

/** Each citation of an issue or pull request by number in `source`, with its 1-based line. */
export function findIssueReferences(source: string): IssueReference[] {
  const found: IssueReference[] = [];
  source.split("\n").forEach((text, index) => {
    const withoutUrls = text.replace(URL, (url) => " ".repeat(url.length));
    for (const match of withoutUrls.matchAll(CITATION)) {
      found.push({ line: index + 1, text: match[0] });
    }
  });
  return found;
}
