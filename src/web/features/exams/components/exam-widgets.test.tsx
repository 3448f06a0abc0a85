import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
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
  it("names each question's state and jumps on click", async () => {
    const onJump = vi.fn();
    render(
      <QuestionPalette states={["answered", "unanswered", "marked"]} current={0} onJump={onJump} />,
    );
    expect(screen.getByRole("button", { name: "Question 1, answered" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    expect(screen.getByText("Marked for review (1)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Question 3, marked for review" }));
    expect(onJump).toHaveBeenCalledWith(2);
  });
});
