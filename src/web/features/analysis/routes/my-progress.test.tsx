import { screen, within } from "@testing-library/react";
import { jsonResponse, stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it, vi } from "vitest";
import type { StudentProgress } from "../../../../shared/analysis.ts";
import { MyProgressPage } from "./my-progress.tsx";

const days = (answered: Record<string, number>) =>
  Array.from({ length: 30 }, (_, i) => {
    const day = `2026-05-${String(i + 1).padStart(2, "0")}`;
    return { day, answered: answered[day] ?? 0 };
  });

const EMPTY: StudentProgress = {
  completedAttempts: 0,
  totalStudySeconds: 0,
  scores: { exams: [], quizzes: [] },
  subjectAccuracy: [],
  questionsPerDay: days({}),
};

const PROGRESS: StudentProgress = {
  completedAttempts: 3,
  totalStudySeconds: 5400,
  scores: {
    exams: [
      {
        attemptId: "a1",
        title: "UPSC Prelims Mock Test 1: GS Paper I",
        completedAt: "2026-05-18T06:00:00Z",
        scorePercent: 42,
      },
    ],
    quizzes: [],
  },
  subjectAccuracy: [
    {
      subjectId: "s1",
      name: "Polity",
      attempted: 10,
      correct: 7,
      accuracy: 70,
      previousAccuracy: 50,
      trend: 20,
    },
    {
      subjectId: null,
      name: "Untagged",
      attempted: 4,
      correct: 1,
      accuracy: 25,
      previousAccuracy: null,
      trend: null,
    },
  ],
  questionsPerDay: days({ "2026-05-18": 14 }),
};

function renderPage(body: StudentProgress) {
  // A phone: the charts start as their tables, so the test never loads the chart library.
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("max-width") }));
  const fetch = stubFetch(() => jsonResponse(200, body));
  renderRoutes([{ path: "/student/progress", element: <MyProgressPage /> }], {
    path: "/student/progress",
    session: studentSession(),
  });
  return fetch;
}

describe("My Progress", () => {
  it("greets a student with no attempts with a link to the exams", async () => {
    const fetch = renderPage(EMPTY);
    expect(screen.getByRole("heading", { name: "My Progress", level: 1 })).toBeInTheDocument();
    expect(
      await screen.findByText("No attempts yet. Take an exam and your progress shows here."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse exams" })).toHaveAttribute(
      "href",
      "/student/exams",
    );
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/student\/progress\?tz=/);
  });

  it("shows study time, scores, subject accuracy with its trend and answers per day, as tables too", async () => {
    renderPage(PROGRESS);
    expect(await screen.findByText("1 h 30 min")).toBeInTheDocument();
    const scores = screen.getByRole("table", { name: "Exams: score %" });
    expect(within(scores).getByRole("link", { name: /Mock Test 1/ })).toHaveAttribute(
      "href",
      "/results/a1",
    );
    expect(scores).toHaveTextContent("42%");
    expect(screen.getByText("Quizzes: score %: none yet.")).toBeInTheDocument();
    const subjects = screen.getByRole("table", { name: "Accuracy by subject" });
    expect(
      within(subjects).getByRole("rowheader", { name: "Polity" }).closest("tr"),
    ).toHaveTextContent("Polity10770%▲ +20 points");
    expect(
      within(subjects).getByRole("rowheader", { name: "Untagged" }).closest("tr"),
    ).toHaveTextContent("—");
    const perDay = screen.getByRole("table", { name: "Questions answered per day" });
    expect(within(perDay).getAllByRole("row")).toHaveLength(2);
    expect(perDay).toHaveTextContent("14");
  });
});
