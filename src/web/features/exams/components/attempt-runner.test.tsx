import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type AttemptSession, saveAnswers } from "../api/attempts.ts";
import { AttemptRunner } from "./attempt-runner.tsx";

vi.mock("../api/attempts.ts", () => ({
  saveAnswers: vi.fn(async () => ({ saved: 1 })),
  submitAttempt: vi.fn(),
}));

const options = { A: "Alpha", B: "Beta", C: "Gamma", D: "Delta" };
const session = {
  attempt: {
    id: "a1",
    deadlineAt: new Date(Date.now() + 3_600_000).toISOString(),
    attemptNumber: null,
  },
  serverNow: new Date().toISOString(),
  exam: { id: "e1", title: "Indian Polity Mock Test with a rather long title" },
  quiz: null,
  finalizedAttemptId: null,
  answers: [],
  questions: [1, 2, 3].map((n) => ({
    id: `q${n}`,
    questionText: `What is question ${n}?`,
    options,
    translations: {},
  })),
} as unknown as AttemptSession;

function renderRunner(start: AttemptSession = session) {
  return renderRoutes(
    [
      {
        path: "/exam/e1",
        element: (
          <AttemptRunner
            session={start}
            onDone={() => {}}
            texts={{ noun: "Exam" }}
            exitTo="/student/exams"
          />
        ),
      },
      { path: "/student/exams", element: <p>The exam list</p> },
    ],
    { path: "/exam/e1", session: studentSession() },
  );
}

beforeEach(() => {
  window.localStorage.clear();
  vi.mocked(saveAnswers).mockClear();
});

/** The confidence of the newest save of a question. */
function lastSavedConfidence(questionId: string) {
  const batches = vi.mocked(saveAnswers).mock.calls.map((call) => call[1]);
  const sent = batches.flat().filter((a) => a.questionId === questionId);
  return sent.at(-1)?.confidence;
}

describe("AttemptRunner", () => {
  it("shows the same answered / unanswered / marked counts in the header, legend and submit dialog", async () => {
    const user = userEvent.setup();
    renderRunner();
    await user.click(screen.getByRole("radio", { name: /Beta/ }));
    await user.click(screen.getByRole("button", { name: "Mark for review" }));
    await user.click(screen.getByRole("button", { name: /Next/ }));
    await user.click(screen.getByRole("button", { name: "Mark for review" }));

    expect(screen.getByTestId("answer-summary")).toHaveTextContent("1/3 answered · 2 marked");
    const palette = screen.getByRole("navigation", { name: "Question palette" });
    expect(
      within(palette).getByRole("button", { name: "Question 1, answered, marked for review" }),
    ).toBeInTheDocument();
    expect(
      within(palette).getByRole("button", { name: "Question 2, unanswered, marked for review" }),
    ).toBeInTheDocument();
    expect(within(palette).getByRole("button", { name: "Question 3, unanswered" })).toBeVisible();
    expect(within(palette).getByText(/Answered \(1\)/)).toBeInTheDocument();
    expect(within(palette).getByText(/Unanswered \(2\)/)).toBeInTheDocument();
    expect(within(palette).getByText(/Marked for review \(2\)/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Finish and submit" }));
    const dialog = await screen.findByRole("dialog", { name: "Submit Exam?" });
    expect(dialog).toHaveTextContent("You have 2 unanswered questions.");
    expect(within(dialog).getByTestId("submit-summary")).toHaveTextContent(
      "Answered 1 of 3; 2 questions are marked for review.",
    );
  });

  it("announces 'Question n of m' politely and moves focus to the question on a palette jump", async () => {
    const user = userEvent.setup();
    renderRunner();
    const announcer = screen.getByTestId("question-announcer");
    expect(announcer).toHaveAttribute("aria-live", "polite");
    expect(announcer).toHaveTextContent("Question 1 of 3");
    const next = screen.getByRole("button", { name: /Next/ });
    await user.click(next);
    expect(announcer).toHaveTextContent("Question 2 of 3");
    // Next keeps focus where it was.
    expect(next).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Question 3, unanswered" }));
    expect(announcer).toHaveTextContent("Question 3 of 3");
    const legend = screen.getByText("What is question 3?").closest("legend");
    expect(legend).toHaveFocus();
    expect(legend).toHaveAttribute("tabindex", "-1");
  });

  it("returns focus to the button that opened the submit dialog when it closes", async () => {
    const user = userEvent.setup();
    renderRunner();
    const opener = screen.getByRole("button", { name: "Finish and submit" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Submit Exam?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Working" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("asks before Exit leaves: Stay keeps the attempt and focus on Exit, Leave goes to the list", async () => {
    const user = userEvent.setup();
    const { router } = renderRunner();
    const exit = screen.getByRole("button", { name: "Exit" });
    await user.click(exit);
    const dialog = await screen.findByRole("dialog", { name: "Leave this exam?" });
    expect(dialog).toHaveTextContent(/^.*The timer keeps running while you are away\./);
    expect(within(dialog).getByRole("button", { name: "Stay" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/exam/e1");
    await waitFor(() => expect(exit).toHaveFocus());

    // Any in-app navigation is held the same way (a link, Back, the router itself).
    await router.navigate("/student/exams");
    const again = await screen.findByRole("dialog", { name: "Leave this exam?" });
    await user.click(within(again).getByRole("button", { name: "Leave exam" }));
    expect(await screen.findByText("The exam list")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/student/exams");
  });

  it("tags an answer Sure, 50:50 or Guess with one tap, clears it with another, and saves the tag", async () => {
    const user = userEvent.setup();
    renderRunner();
    const group = screen.getByRole("group", { name: "How sure are you?" });
    const button = (name: string) => within(group).getByRole("button", { name });
    for (const name of ["Sure", "50:50", "Guess"]) {
      expect(button(name)).toHaveAttribute("aria-pressed", "false");
      expect(button(name)).toHaveClass("h-11");
    }
    await user.click(screen.getByRole("radio", { name: /Beta/ }));
    await user.click(button("Guess"));
    expect(button("Guess")).toHaveAttribute("aria-pressed", "true");
    expect(button("Sure")).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(lastSavedConfidence("q1")).toBe("guess"));
    expect(vi.mocked(saveAnswers).mock.calls.at(-1)?.[1]).toEqual([
      expect.objectContaining({ questionId: "q1", selectedAnswer: "B", confidence: "guess" }),
    ]);

    await user.click(button("50:50"));
    expect(button("50:50")).toHaveAttribute("aria-pressed", "true");
    expect(button("Guess")).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(lastSavedConfidence("q1")).toBe("fifty_fifty"));

    // A tap on the pressed tag clears it.
    await user.click(button("50:50"));
    expect(button("50:50")).toHaveAttribute("aria-pressed", "false");
    await waitFor(() => expect(lastSavedConfidence("q1")).toBeNull());

    // Each question keeps its own tag.
    await user.click(button("Sure"));
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(button("Sure")).toHaveAttribute("aria-pressed", "false");
    await user.click(screen.getByRole("button", { name: /Previous/ }));
    expect(button("Sure")).toHaveAttribute("aria-pressed", "true");
  });

  it("restores tags on resume: the server's, overlaid by newer ones still queued on the device", async () => {
    window.localStorage.setItem(
      "exam-answers:a1",
      JSON.stringify([
        {
          questionId: "q2",
          selectedAnswer: "C",
          markedForReview: false,
          confidence: "fifty_fifty",
          clientSeq: 9,
        },
      ]),
    );
    const user = userEvent.setup();
    renderRunner({
      ...session,
      answers: [
        {
          questionId: "q1",
          selectedAnswer: "B",
          markedForReview: false,
          confidence: "sure",
          clientSeq: 5,
        },
        {
          questionId: "q2",
          selectedAnswer: "A",
          markedForReview: false,
          confidence: "guess",
          clientSeq: 6,
        },
      ],
    } as AttemptSession);
    const group = () => screen.getByRole("group", { name: "How sure are you?" });
    expect(within(group()).getByRole("button", { name: "Sure" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(within(group()).getByRole("button", { name: "50:50" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(group()).getByRole("button", { name: "Guess" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    // The queued tag is sent again with its choice.
    await waitFor(() => expect(lastSavedConfidence("q2")).toBe("fifty_fifty"));
  });

  it("keeps the timer and Exit in the compact bar and truncates a long title", () => {
    renderRunner();
    const bar = screen.getByTestId("attempt-bar");
    expect(within(bar).getByRole("timer")).toHaveClass("shrink-0", "whitespace-nowrap");
    expect(within(bar).getByRole("heading", { level: 1 })).toHaveClass("truncate");
    expect(within(bar).getByRole("status")).toHaveTextContent("All answers saved");
    expect(within(bar).getByRole("button", { name: "Exit" })).toBeInTheDocument();
  });
});
