import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { applyLanguage } from "@web/lib/i18n.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { MyResultsPage } from "./my-results.tsx";

const EXAM = {
  id: "8a7e2c1e-0000-4000-8000-000000000031",
  kind: "exam",
  targetId: "8a7e2c1e-0000-4000-8000-000000000032",
  attemptNumber: null,
  completedAt: "2026-11-20T06:00:00.000Z",
  timeTakenSeconds: 900,
  isRanked: true,
  title: "UPSC Prelims Mock Test 1: GS Paper I",
  titleHi: null,
  percent: 36.36,
  marksObtained: 8,
  maxMarks: 22,
  cutOff: 40,
  passed: false,
  rank: { position: 3, of: 12 },
  percentile: 83.33,
};
const QUIZ = {
  ...EXAM,
  id: "8a7e2c1e-0000-4000-8000-000000000033",
  kind: "quiz",
  attemptNumber: 2,
  isRanked: false,
  title: "Budget Basics",
  titleHi: "बजट की मूल बातें",
  percent: 80,
  marksObtained: 8,
  maxMarks: 10,
  cutOff: null,
  passed: null,
  rank: null,
  percentile: null,
};

function renderResults(items: unknown[], total = items.length) {
  const stub = stubApi({
    "GET /api/results": ({ url }) => {
      const kind = url.searchParams.get("kind");
      const page = Number(url.searchParams.get("page"));
      const shown = items.filter((i) => !kind || (i as { kind: string }).kind === kind);
      return jsonResponse(200, {
        items: shown,
        total: kind ? shown.length : total,
        page,
        pageSize: 10,
      });
    },
  });
  renderRoutes([{ path: "/results", element: <MyResultsPage /> }], {
    path: "/results",
    session: studentSession(),
  });
  return stub;
}

describe("MyResultsPage", () => {
  it("lists exams and quizzes together, led by score, marks, rank, percentile and cut-off", async () => {
    renderResults([QUIZ, EXAM]);
    const exam = (await screen.findByRole("heading", { name: EXAM.title })).closest("li");
    if (!exam) throw new Error("no card");
    const card = within(exam);
    expect(card.getByText("Exam")).toBeInTheDocument();
    expect(card.getByText("Completed 20 Nov 2026")).toBeInTheDocument();
    // Rounded to a whole percent, red below the cut-off (the spec's green/red).
    expect(card.getByText("36%")).toHaveClass("text-destructive");
    expect(card.getByText("Below the cut-off")).toBeInTheDocument();
    expect(exam).toHaveTextContent("Marks8 of 22");
    expect(exam).toHaveTextContent("Rank3 of 12");
    expect(exam).toHaveTextContent("Percentile83.33");
    expect(exam).toHaveTextContent("Cut-off40%");
    expect(card.queryByText("Failed")).toBeNull();
    expect(card.getByRole("link", { name: "Review Exam" })).toHaveAttribute(
      "href",
      `/results/${EXAM.id}`,
    );

    const quiz = screen.getByRole("heading", { name: "Budget Basics" }).closest("li");
    if (!quiz) throw new Error("no card");
    expect(quiz).toHaveTextContent("Attempt #2");
    expect(quiz).toHaveTextContent("80%");
    expect(quiz).toHaveTextContent("Counted on your first attempt");
    expect(quiz).not.toHaveTextContent("Cut-off");
    expect(within(quiz).getByRole("link", { name: "View Result" })).toHaveAttribute(
      "href",
      `/results/${QUIZ.id}`,
    );
  });

  it("filters by kind through the server and pages", async () => {
    const { requests } = renderResults([QUIZ, EXAM], 25);
    await screen.findByRole("heading", { name: EXAM.title });
    expect(screen.getByText("Page 1 of 3 (25 in all)")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Quizzes" }));
    expect(await screen.findByRole("button", { name: "Quizzes" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(requests).toContain("GET /api/results?page=1&kind=quiz");
    await screen.findByRole("heading", { name: "Budget Basics" });
    expect(screen.queryByRole("heading", { name: EXAM.title })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "All" }));
    await userEvent.click(await screen.findByRole("button", { name: /Next/ }));
    expect(requests).toContain("GET /api/results?page=2");
  });

  it("keeps the spec's empty state", async () => {
    renderResults([]);
    expect(await screen.findByRole("heading", { name: "No Results Yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Exams" })).toHaveAttribute(
      "href",
      "/student/exams",
    );
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    renderResults([EXAM]);
    expect(await screen.findByText("कट-ऑफ़ से नीचे")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "परीक्षा की समीक्षा करें" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "क्विज़" })).toBeInTheDocument();
  });

  it("names a quiz by its Hindi title in Hindi, an exam without one in English", async () => {
    await applyLanguage("hi");
    renderResults([EXAM, QUIZ]);
    expect(await screen.findByRole("heading", { name: QUIZ.titleHi })).toHaveAttribute(
      "lang",
      "hi",
    );
    expect(screen.getByRole("heading", { name: EXAM.title })).toHaveAttribute("lang", "en");
    expect(screen.queryByText(QUIZ.title)).toBeNull();
  });
});
