import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import { AnswerReview, type ReviewedAnswer } from "./answer-review.tsx";

const ATTEMPT_ID = "8a7e2c1e-0000-4000-8000-000000000051";
const Q1 = "8a7e2c1e-0000-4000-8000-000000000052";
const Q2 = "8a7e2c1e-0000-4000-8000-000000000053";

const question = (id: string, n: number) => ({
  id,
  questionText: `Question ${n}?`,
  options: { A: "One", B: "Two", C: "Three", D: "Four" },
  correctAnswer: "A" as const,
  explanation: null,
});

const ANSWERS: ReviewedAnswer[] = [
  { question: question(Q1, 1), selectedAnswer: "B", isCorrect: false },
  { question: question(Q2, 2), selectedAnswer: "A", isCorrect: true },
];

const toggleOf = (n: number) =>
  within(screen.getAllByRole("listitem")[n - 1] as HTMLElement).getByRole("button", {
    name: "Save for revision",
  });

describe("Save for revision", () => {
  it("shows which questions are in the notebook and saves one with a single request", async () => {
    let release: () => void = () => {};
    const { requests } = stubApi({
      [`GET /api/revision/attempts/${ATTEMPT_ID}/cards`]: () =>
        jsonResponse(200, { questionIds: [Q1] }),
      "POST /api/revision/cards": async ({ json }) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return jsonResponse(200, { ...(json() as object), saved: true });
      },
    });
    renderPage(<AnswerReview answers={ANSWERS} revisionAttemptId={ATTEMPT_ID} />);
    await waitFor(() => expect(toggleOf(1)).toHaveAttribute("aria-pressed", "true"));
    expect(toggleOf(2)).toHaveAttribute("aria-pressed", "false");

    await userEvent.click(toggleOf(2));
    // Pressed at once, before the server answers.
    expect(toggleOf(2)).toHaveAttribute("aria-pressed", "true");
    release();
    await waitFor(() => expect(toggleOf(2)).toBeEnabled());
    expect(toggleOf(2)).toHaveAttribute("aria-pressed", "true");
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual(["POST /api/revision/cards"]);
    // No second read of the toggles after the tap.
    expect(requests.filter((r) => r.startsWith("GET"))).toHaveLength(1);
  });

  it("puts a toggle back and says so when the server refuses", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    stubApi({
      [`GET /api/revision/attempts/${ATTEMPT_ID}/cards`]: () =>
        jsonResponse(200, { questionIds: [Q1] }),
      [`DELETE /api/revision/cards/${Q1}`]: () =>
        jsonResponse(404, {
          error: { code: "NOT_FOUND", message: "This question is not in your revision notebook." },
        }),
    });
    renderPage(<AnswerReview answers={ANSWERS} revisionAttemptId={ATTEMPT_ID} />);
    await waitFor(() => expect(toggleOf(1)).toHaveAttribute("aria-pressed", "true"));
    await userEvent.click(toggleOf(1));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Could not update your revision notebook.",
        "This question is not in your revision notebook.",
      ),
    );
    expect(toggleOf(1)).toHaveAttribute("aria-pressed", "true");
  });

  it("is not there without the student's own attempt", () => {
    stubApi({});
    renderPage(<AnswerReview answers={ANSWERS} />);
    expect(screen.queryByRole("button", { name: "Save for revision" })).toBeNull();
  });
});
