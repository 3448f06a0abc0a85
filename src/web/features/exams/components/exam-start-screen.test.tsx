import { screen } from "@testing-library/react";
import { renderPage } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import type { ExamOverview } from "../api/attempts.ts";
import { ExamStartScreen } from "./exam-start-screen.tsx";

const overview = (extra: Partial<ExamOverview>) =>
  ({
    exam: {
      id: "e1",
      title: "GS Paper I mock",
      description: null,
      categoryName: "General Studies",
      timeLimitSeconds: 7200,
      passingMarks: 33,
      marksPerQuestion: 2,
      negativeMarkFraction: 0.3333,
    },
    questionCount: 100,
    isFree: true,
    access: { locked: false, reason: null, attemptsLeft: null },
    openAttempt: null,
    lastCompletedAttempt: null,
    extraSeconds: 0,
    serverNow: new Date().toISOString(),
    ...extra,
  }) as ExamOverview;

const show = (data: ExamOverview) =>
  renderPage(
    <ExamStartScreen overview={data} onStart={vi.fn()} isStarting={false} dashboardPath="/" />,
  );

describe("the start screen's extra time (accommodation)", () => {
  it("says how much extra time a start adds and the total", () => {
    show(overview({ extraSeconds: 2400 }));
    expect(screen.getByRole("note")).toHaveTextContent(
      "You have 40 min of extra time (accommodation): 160 min in all.",
    );
  });

  it("says what the open attempt was given, and nothing without an accommodation", () => {
    const { unmount } = show(
      overview({
        extraSeconds: 0,
        openAttempt: {
          id: "a1",
          deadlineAt: new Date().toISOString(),
          secondsLeft: 5000,
          attemptNumber: null,
          extraSeconds: 200,
        },
      }),
    );
    expect(screen.getByRole("note")).toHaveTextContent(
      "Your time includes 3 min 20 s of extra time (accommodation).",
    );
    unmount();
    show(overview({}));
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});
