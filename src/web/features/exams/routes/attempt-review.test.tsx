import { screen } from "@testing-library/react";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { adminSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { AttemptReviewPage } from "./attempt-review.tsx";

const ATTEMPT_ID = "8a7e2c1e-0000-4000-8000-000000000041";
const REVIEW = {
  status: "completed",
  quiz: null,
  exam: {
    id: "8a7e2c1e-0000-4000-8000-000000000042",
    title: "UPSC Prelims Mock Test 1: GS Paper I",
    passingMarks: 40,
    marksPerQuestion: null,
    negativeMarkFraction: null,
  },
  attempt: {
    id: ATTEMPT_ID,
    score: 36.36,
    passed: false,
    completedAt: "2026-11-20T06:00:00.000Z",
    timeTakenSeconds: 905,
    regradedAt: null,
  },
  tally: { correct: 4, wrong: 5, unanswered: 2, marksObtained: 4, maxMarks: 11 },
  answers: [],
};

function renderReview(session: ReturnType<typeof studentSession>) {
  stubApi({
    [`GET /api/attempts/${ATTEMPT_ID}`]: () => jsonResponse(200, REVIEW),
    // The analysis below the headline loads on its own; an error there leaves the page as is.
    [`GET /api/attempts/${ATTEMPT_ID}/analysis`]: () => jsonResponse(404, { error: "Not found" }),
  });
  renderRoutes([{ path: "/results/:attemptId", element: <AttemptReviewPage /> }], {
    path: `/results/${ATTEMPT_ID}`,
    session,
  });
}

describe("AttemptReviewPage", () => {
  it("tells a student where they stand against the cut-off, not Passed or Failed", async () => {
    renderReview(studentSession());
    expect(await screen.findByText("Below the cut-off")).toBeVisible();
    expect(screen.getByText("Cut-off")).toBeVisible();
    expect(screen.getByText("40%")).toBeVisible();
    expect(screen.getByText("36.36%")).toBeVisible();
    expect(screen.queryByText("Failed")).not.toBeInTheDocument();
    expect(screen.queryByText("Passing score")).not.toBeInTheDocument();
  });

  it("keeps the spec's passed flag and passing score for an admin", async () => {
    renderReview(adminSession());
    expect(await screen.findByText("Failed")).toBeVisible();
    expect(screen.getByText("Passing score")).toBeVisible();
    expect(screen.queryByText("Below the cut-off")).not.toBeInTheDocument();
  });
});
