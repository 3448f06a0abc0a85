import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The answer-keys gate's other half (decision 060): a server file that reads a question's key,
 * its explanation or a stored verdict either asks the gate (imports `answer-keys/key-gate.ts`)
 * or is listed here with why it needs no gate. A new route whose service reads a key without
 * the gate fails this test even before the route test (`key-gate.api.test.ts`) asks it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Reads a key, an explanation (also inside translations) or a verdict. */
const READS_KEY =
  /\bquestions\.(correctAnswer|explanation|alsoAccepted)\b|\bcorrect_answer\b|\balso_accepted\b|\.explanation\b|\bisCorrect\b|\bis_correct\b/;
const ASKS_GATE = /from "(\.\.\/answer-keys|\.)\/key-gate\.ts"/;

/** Files that read keys and send none of them to a student, each with its reason. */
const NO_GATE_NEEDED: Record<string, string> = {
  "modules/answer-keys/key-gate.ts": "the gate itself",
  "modules/attempts/attempt-grading.ts": "grades on submit; sends only the stored verdicts' counts",
  "modules/attempts/answer-stats.ts": "counts right answers per score band for aggregates",
  "modules/attempts/regrade.ts": "an admin's key correction regrading stored answers",
  "modules/attempts/verdict.ts": "the graders' rule for a right answer, in SQL",
  "modules/key-changes/apply-key-change.ts": "admins only: changes a key and records the change",
  "modules/key-changes/key-change-regrade.ts": "regrades stored answers after a key change",
  "modules/attempts/my-results.ts": "scores and counts of completed attempts, no question",
  "modules/analysis/progress.ts": "accuracy over completed attempts, no question",
  "modules/analysis/item-analysis.ts": "admins only (requireRole('admin'))",
  "modules/questions/questions.service.ts": "admins only: the question bank's editor",
  "modules/questions/csv-import.service.ts": "admins only: the question upload",
  "modules/practice/practice-builder.ts":
    "picks earlier wrong answers' questions; asks the gate for its draw (keyLockedSql)",
  "modules/revision/revision-schedule.ts": "rates cards from the verdicts at grading",
};

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["seed", "test", "db"].includes(entry.name) && dir === ROOT ? [] : serverFiles(file);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("every server file that reads an answer key asks the answer-keys gate", () => {
  it("or says why it needs none", () => {
    const ungated: string[] = [];
    for (const file of serverFiles(ROOT)) {
      const name = path.relative(ROOT, file).split(path.sep).join("/");
      const source = readFileSync(file, "utf8");
      if (!READS_KEY.test(source) || name in NO_GATE_NEEDED) continue;
      if (!ASKS_GATE.test(source)) ungated.push(name);
    }
    expect(ungated).toEqual([]);
  });

  it("keeps no stale exception", () => {
    for (const name of Object.keys(NO_GATE_NEEDED)) {
      const source = readFileSync(path.join(ROOT, name), "utf8");
      expect(READS_KEY.test(source), name).toBe(true);
    }
  });
});
