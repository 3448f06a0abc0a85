import { describe, expect, it } from "vitest";
import {
  findDuplicateRows,
  normaliseForDuplicates,
  questionDuplicateKey,
} from "./question-duplicates.ts";

const OPTIONS = { A: "Article 14", B: "Article 17", C: "Article 19", D: "Article 21" };
const q = (row: number, questionText: string, options = OPTIONS) => ({
  row,
  questionText,
  options,
});

describe("normaliseForDuplicates", () => {
  it("ignores case, runs of whitespace (tabs, newlines, no-break spaces) and the ends", () => {
    expect(normaliseForDuplicates("  Which  Article\tabolishes\n untouchability?\u00a0")).toBe(
      "which article abolishes untouchability?",
    );
  });

  it("folds compatibility forms and drops zero-width spaces, keeping punctuation", () => {
    expect(normaliseForDuplicates("Ｗｈｏ\u200B wrote it?")).toBe("who wrote it?");
    expect(normaliseForDuplicates("Who wrote it")).not.toBe(
      normaliseForDuplicates("Who wrote it?"),
    );
  });

  it("keeps Devanagari as it is (apart from whitespace)", () => {
    expect(normaliseForDuplicates("  अनुच्छेद   17 ")).toBe("अनुच्छेद 17");
  });
});

describe("questionDuplicateKey", () => {
  it("is equal for the same question in other case, spacing and option order", () => {
    expect(questionDuplicateKey(q(2, "Which Article abolishes untouchability?"))).toBe(
      questionDuplicateKey(
        q(3, "which article  abolishes UNTOUCHABILITY? ", {
          A: "article 17",
          B: "Article 14",
          C: " Article 21",
          D: "ARTICLE 19",
        }),
      ),
    );
  });

  it("differs for the same stem with other options, and for other text", () => {
    const stem = "Which of the following statements is correct?";
    expect(questionDuplicateKey(q(2, stem))).not.toBe(
      questionDuplicateKey(q(3, stem, { ...OPTIONS, D: "Article 32" })),
    );
    expect(questionDuplicateKey(q(2, stem))).not.toBe(questionDuplicateKey(q(2, `${stem}!`)));
  });

  it("does not confuse text moved between the question and an option", () => {
    expect(questionDuplicateKey(q(2, "A B", { A: "C", B: "D", C: "E", D: "F" }))).not.toBe(
      questionDuplicateKey(q(2, "A", { A: "B C", B: "D", C: "E", D: "F" })),
    );
  });
});

describe("findDuplicateRows", () => {
  it("flags repeats of earlier rows and rows already in the target, in file order", () => {
    const existing = new Set([questionDuplicateKey(q(0, "Already there"))]);
    const flags = findDuplicateRows(
      [
        q(2, "First"),
        q(3, "already THERE"),
        q(4, "Second"),
        q(5, " first "),
        q(6, "Already there"),
        q(7, "FIRST"),
      ],
      existing,
    );
    expect(flags).toEqual([
      { row: 3, reason: "target" },
      { row: 5, reason: "file", firstRow: 2 },
      { row: 6, reason: "target" },
      { row: 7, reason: "file", firstRow: 2 },
    ]);
  });

  it("flags nothing in a file of distinct new questions", () => {
    expect(findDuplicateRows([q(2, "One"), q(3, "Two")], new Set())).toEqual([]);
  });
});
