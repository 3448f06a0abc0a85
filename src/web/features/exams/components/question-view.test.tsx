import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QuestionView } from "./question-view.tsx";

const STATEMENT = {
  id: "q-statements",
  questionText: [
    "Consider the following statements:",
    "1. The Rajya Sabha is a permanent body.",
    "2. Money Bills are introduced only in the Lok Sabha.",
    "Which of the statements given above is/are correct?",
  ].join("\n"),
  options: { A: "1 only", B: "2 only", C: "Both 1 and 2", D: "Neither 1 nor 2" },
};

const MATCH = {
  id: "q-match",
  questionText: [
    "Match List-I with List-II:",
    "| List-I | List-II |",
    "| A. Ramsar Convention | 1. Wetlands |",
    "| B. Montreal Protocol | 2. Ozone layer |",
  ].join("\n"),
  options: { A: "A-1, B-2", B: "A-2, B-1", C: "A-1, B-1", D: "A-2, B-2" },
};

const view = (question: typeof STATEMENT) =>
  render(
    <QuestionView index={0} total={2} question={question} selected={null} onSelect={vi.fn()} />,
  );

describe("QuestionView with the question markup", () => {
  it("shows a statement question's statements as a numbered list, in body text", () => {
    view(STATEMENT);
    const list = screen.getByRole("list");
    expect(list.tagName).toBe("OL");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "The Rajya Sabha is a permanent body.",
      "Money Bills are introduced only in the Lok Sabha.",
    ]);
    expect(screen.getByText("Which of the statements given above is/are correct?")).toBeTruthy();
    // Not a bold heading any more.
    const text = document.querySelector(".question-text");
    expect(text?.className).not.toMatch(/font-semibold|font-bold|text-lg/);
    expect(screen.getByRole("radio", { name: "C. Both 1 and 2" })).toBeTruthy();
  });

  it("shows a match-the-list question's lists as a table with a header row", () => {
    view(MATCH);
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["List-I", "List-II"]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("cell", { name: "1. Wetlands" })).toBeTruthy();
  });

  it("renders a plain question as plain text and HTML in it as text", () => {
    view({
      ...STATEMENT,
      questionText: 'Is <img src=x onerror="alert(1)"> an image?',
      options: { A: "<b>bold?</b>", B: "b", C: "c", D: "d" },
    });
    expect(document.querySelector("img, b")).toBeNull();
    expect(screen.getByText('Is <img src=x onerror="alert(1)"> an image?')).toBeTruthy();
    expect(screen.getByRole("radio", { name: "A. <b>bold?</b>" })).toBeTruthy();
  });
});
