import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExamAttemptPage } from "./attempt-page.tsx";

const overview = {
  exam: {
    id: "e1",
    title: "IAS Test Series 2026: Test 1 (GS)",
    description: null,
    categoryName: "General Studies",
    timeLimitSeconds: 1200,
    passingMarks: 40,
    marksPerQuestion: 2,
    negativeMarkFraction: 0.3333,
    isFree: false,
  },
  questionCount: 12,
  access: { locked: false, reason: null, attemptsLeft: null },
  openAttempt: null,
};

beforeEach(async () => {
  await applyLanguage("en");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("pressing Start on the exam page", () => {
  it("shows a refusal from the top of the page, with focus on its heading", async () => {
    const { requests } = stubApi({
      "GET /api/exams/e1/overview": () => jsonResponse(200, overview),
      "POST /api/exams/e1/attempts": () =>
        jsonResponse(403, {
          error: {
            code: "PREMIUM_REQUIRED",
            message: "This is premium content. Subscribe to a plan to unlock it.",
          },
        }),
    });
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    // The page is scrolled down to the Start button, as on a phone: what replaces it starts above.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
      DOMRect.fromRect({ x: 0, y: -600, width: 390, height: 28 }),
    );
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: "/exam/:examId",
          element: (
            <main>
              <ExamAttemptPage />
            </main>
          ),
        },
      ],
      { path: "/exam/e1", session: studentSession() },
    );

    await user.click(await screen.findByRole("button", { name: "Start Exam" }));
    const heading = await screen.findByRole("heading", { name: "Premium Exam" });
    expect(heading).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    // The attempt was asked for once, after the runner's code had loaded.
    expect(requests.filter((r) => r === "POST /api/exams/e1/attempts")).toHaveLength(1);
  });
});
