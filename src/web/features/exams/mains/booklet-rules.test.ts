import { describe, expect, it } from "vitest";
import { choiceMessage, sectionTallies, writingEndsAt } from "./booklet-rules.ts";

describe("a booklet's rules on the device", () => {
  it("ends writing the upload grace before the deadline", () => {
    expect(writingEndsAt("2031-01-01T10:30:00.000Z", 30)).toBe("2031-01-01T10:00:00.000Z");
  });

  it("counts answers per section and says which section breaks the Essay rule", () => {
    const paper = [
      { section: 1, answered: true },
      { section: 1, answered: true },
      { section: 2, answered: false },
      { section: 2, answered: false },
    ];
    const tallies = sectionTallies(paper, [1, 1]);
    expect(tallies).toEqual([
      { section: 1, questions: 2, answered: 2, choose: 1 },
      { section: 2, questions: 2, answered: 0, choose: 1 },
    ]);
    expect(choiceMessage(tallies)).toBe("Answer at most 1 question in section 1.");
    const fixed = sectionTallies(
      paper.map((q, i) => ({ ...q, answered: i === 0 || i === 3 })),
      [1, 1],
    );
    expect(choiceMessage(fixed)).toBeNull();
    expect(choiceMessage(sectionTallies(paper, null))).toBeNull();
    // Fewer than the chosen number is allowed (one essay of two); more is not.
    expect(choiceMessage(sectionTallies(paper, [2, 2]))).toBeNull();
    expect(choiceMessage(sectionTallies(paper, [1, 0]))).toBe(
      "Answer at most 1 question in section 1.",
    );
  });
});
