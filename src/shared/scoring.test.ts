import { describe, expect, it } from "vitest";
import { type ScoredQuestion, scoreAttempt } from "./scoring.ts";

const q = (
  correctAnswer: "A" | "B" | "C" | "D",
  selectedAnswer: "A" | "B" | "C" | "D" | null,
): ScoredQuestion => ({
  correctAnswer,
  selectedAnswer,
});
const plain = { passingMarks: 70, marksPerQuestion: null, negativeMarkFraction: null };

describe("scoreAttempt without negative marking", () => {
  it("is the percentage of correct answers", () => {
    const score = scoreAttempt([q("A", "A"), q("B", "C"), q("C", null)], plain);
    expect(score).toMatchObject({
      total: 3,
      correct: 1,
      wrong: 1,
      unanswered: 1,
      scorePercent: 33.33,
      passed: false,
    });
  });

  it("passes at exactly the passing marks", () => {
    const ten = Array.from({ length: 10 }, (_, i) => q("A", i < 7 ? "A" : "B"));
    expect(scoreAttempt(ten, plain)).toMatchObject({ scorePercent: 70, passed: true });
    expect(scoreAttempt(ten, { ...plain, passingMarks: 71 }).passed).toBe(false);
  });

  it("ignores wrong answers (no penalty) and handles an empty exam", () => {
    expect(scoreAttempt([q("A", "B"), q("A", "B")], plain).scorePercent).toBe(0);
    expect(scoreAttempt([], plain)).toMatchObject({ total: 0, scorePercent: 0 });
  });
});

describe("scoreAttempt with UPSC-style negative marking", () => {
  const upsc = { passingMarks: 33, marksPerQuestion: 2, negativeMarkFraction: 1 / 3 };

  it("deducts a third of the marks for each wrong answer, nothing for unanswered", () => {
    // 3 correct (6 marks), 1 wrong (-0.67), 1 unanswered: 5.33 of 10.
    const score = scoreAttempt(
      [q("A", "A"), q("B", "B"), q("C", "C"), q("D", "A"), q("A", null)],
      upsc,
    );
    expect(score).toMatchObject({
      correct: 3,
      wrong: 1,
      unanswered: 1,
      marksObtained: 5.33,
      maxMarks: 10,
      scorePercent: 53.33,
      passed: true,
    });
  });

  it("can go below zero", () => {
    const score = scoreAttempt([q("A", "B"), q("A", "C"), q("A", "D")], upsc);
    expect(score.marksObtained).toBe(-2);
    expect(score.scorePercent).toBe(-33.33);
    expect(score.passed).toBe(false);
  });
});
