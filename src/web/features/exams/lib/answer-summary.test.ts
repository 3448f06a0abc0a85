import { describe, expect, it } from "vitest";
import { describeQuestionState, summariseAnswers } from "./answer-summary.ts";

const questions = [{ id: "q1" }, { id: "q2" }, { id: "q3" }, { id: "q4" }, { id: "q5" }];

describe("summariseAnswers", () => {
  it("counts a question both answered and marked as answered and as marked", () => {
    const summary = summariseAnswers(questions, {
      q1: { selectedAnswer: "A", markedForReview: false },
      q2: { selectedAnswer: "B", markedForReview: true },
      q3: { selectedAnswer: null, markedForReview: true },
      // A cleared choice is unanswered again.
      q4: { selectedAnswer: null, markedForReview: false },
    });
    expect(summary).toEqual({
      states: [
        { answered: true, marked: false },
        { answered: true, marked: true },
        { answered: false, marked: true },
        { answered: false, marked: false },
        { answered: false, marked: false },
      ],
      total: 5,
      answered: 2,
      unanswered: 3,
      marked: 2,
      answeredAndMarked: 1,
    });
  });

  it("ignores choices for questions that are not in the attempt", () => {
    const summary = summariseAnswers(questions.slice(0, 2), {
      gone: { selectedAnswer: "C", markedForReview: true },
    });
    expect(summary).toMatchObject({ total: 2, answered: 0, unanswered: 2, marked: 0 });
  });
});

describe("describeQuestionState", () => {
  it("names every combination", () => {
    expect(describeQuestionState(3, { answered: true, marked: true })).toBe(
      "Question 4, answered, marked for review",
    );
    expect(describeQuestionState(0, { answered: true, marked: false })).toBe(
      "Question 1, answered",
    );
    expect(describeQuestionState(1, { answered: false, marked: true })).toBe(
      "Question 2, unanswered, marked for review",
    );
    expect(describeQuestionState(2, { answered: false, marked: false })).toBe(
      "Question 3, unanswered",
    );
  });
});
