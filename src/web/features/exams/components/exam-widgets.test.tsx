import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { summariseAnswers } from "../lib/answer-summary.ts";
import { ExamTimer } from "./exam-timer.tsx";
import { QuestionPalette } from "./question-palette.tsx";

describe("ExamTimer", () => {
  it("switches to the warning style at 60 seconds or less", () => {
    const { rerender } = render(<ExamTimer secondsLeft={61} />);
    expect(screen.getByRole("timer")).toHaveAttribute("data-warning", "false");
    expect(screen.getByRole("timer")).toHaveTextContent("1:01");
    rerender(<ExamTimer secondsLeft={60} />);
    expect(screen.getByRole("timer")).toHaveAttribute("data-warning", "true");
  });
});

describe("QuestionPalette", () => {
  it("names each question's state, shows answered-and-marked as both, and jumps on click", async () => {
    const onJump = vi.fn();
    const summary = summariseAnswers([{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }], {
      a: { selectedAnswer: "A", markedForReview: false },
      c: { selectedAnswer: null, markedForReview: true },
      d: { selectedAnswer: "D", markedForReview: true },
    });
    render(<QuestionPalette summary={summary} current={0} onJump={onJump} />);
    expect(screen.getByRole("button", { name: "Question 1, answered" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    const both = screen.getByRole("button", { name: "Question 4, answered, marked for review" });
    expect(both).toHaveAttribute("data-answered", "true");
    expect(both).toHaveAttribute("data-marked", "true");
    expect(screen.getByText("Answered (2)")).toBeInTheDocument();
    expect(screen.getByText("Unanswered (2)")).toBeInTheDocument();
    expect(screen.getByText("Marked for review (2)")).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole("button", { name: "Question 3, unanswered, marked for review" }),
    );
    expect(onJump).toHaveBeenCalledWith(2);
  });
});
