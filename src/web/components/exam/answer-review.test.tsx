import { screen, within } from "@testing-library/react";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { AnswerReview, type ReviewedAnswer } from "./answer-review.tsx";

const question = (id: string) => ({
  id,
  questionText: `Question ${id}?`,
  options: { A: "One", B: "Two", C: "Three", D: "Four" },
  correctAnswer: "A" as const,
  explanation: null,
});

describe("AnswerReview", () => {
  it("tells an unanswered question from a wrong one, in words", () => {
    const answers: ReviewedAnswer[] = [
      { question: question("1"), selectedAnswer: "A", isCorrect: true },
      { question: question("2"), selectedAnswer: "B", isCorrect: false },
      { question: question("3"), selectedAnswer: null, isCorrect: false },
    ];
    // Inside a query client: the review asks for its questions' discussion counts.
    renderPage(<AnswerReview answers={answers} />);
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-verdict"))).toEqual([
      "correct",
      "wrong",
      "unanswered",
    ]);
    expect(within(items[1] as HTMLElement).getByText("Wrong")).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText("Unanswered")).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).queryByText("Wrong")).toBeNull();
    expect(within(items[2] as HTMLElement).getByText("Not Answered")).toBeInTheDocument();
  });

  it("shows a held question's own answer and why its key is held, and no key or verdict", () => {
    const answers: ReviewedAnswer[] = [
      {
        question: { ...question("1"), correctAnswer: null, explanation: null },
        selectedAnswer: "B",
        isCorrect: null,
        keyHold: "open_attempt",
      },
    ];
    renderPage(<AnswerReview answers={answers} showOptions revisionAttemptId="attempt-1" />);
    const item = screen.getAllByRole("listitem")[0] as HTMLElement;
    expect(item.getAttribute("data-verdict")).toBe("held");
    expect(within(item).queryByText("Correct answer:")).toBeNull();
    expect(within(item).queryByText("Wrong")).toBeNull();
    expect(within(item).queryByText("Correct")).toBeNull();
    expect(
      within(item).getByText(/You have a test in progress that includes this question/),
    ).toBeInTheDocument();
    // The student's own choice is not marked wrong (struck through) either.
    expect(item.querySelector(".line-through")).toBeNull();
    // Not offered for revision until the key is the student's to see.
    expect(within(item).queryByRole("button", { name: /revision/i })).toBeNull();
  });

  it("says what a key change made right, or how a dropped question counts, with its paper's log", () => {
    const answers: ReviewedAnswer[] = [
      {
        question: { ...question("1"), alsoAccepted: ["C"], paperId: "paper-1" },
        selectedAnswer: "C",
        isCorrect: true,
      },
      {
        question: { ...question("2"), droppedAs: "exclude", paperId: "paper-1" },
        selectedAnswer: "B",
        isCorrect: null,
      },
      {
        question: { ...question("3"), droppedAs: "award", paperId: "paper-1" },
        selectedAnswer: null,
        isCorrect: true,
      },
    ];
    renderPage(<AnswerReview answers={answers} showOptions keyChangeLogOf="paper-1" />);
    const items = screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-verdict"));
    expect(items.map((li) => li.getAttribute("data-verdict"))).toEqual([
      "correct",
      "dropped",
      "correct",
    ]);
    const [accepted, excluded, awarded] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(accepted).getByText(/After a key challenge, C are also accepted as right\./),
    ).toBeInTheDocument();
    // The option also accepted is marked right, not struck through.
    expect(accepted.querySelector(".line-through")).toBeNull();
    expect(within(excluded).getByText(/not counted in anyone's score/)).toBeInTheDocument();
    expect(within(awarded).getByText(/everyone gets its marks/)).toBeInTheDocument();
    for (const item of items) {
      expect(within(item).getByRole("link", { name: "Key-change log" })).toHaveAttribute(
        "href",
        "/exams/paper-1/key-changes",
      );
    }
    // And the page's own link above the list.
    expect(screen.getAllByRole("link", { name: "Key-change log" })).toHaveLength(4);
  });
});
