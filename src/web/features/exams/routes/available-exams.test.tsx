import { screen, within } from "@testing-library/react";
import { applyLanguage } from "@web/lib/i18n.ts";
import { jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { AvailableExamsPage } from "./available-exams.tsx";

const base = {
  description: "A full-length paper.",
  timeLimitSeconds: 1800,
  passingMarks: 40,
  categoryId: "8a7e2c1e-0000-4000-8000-000000000040",
  category: { id: "8a7e2c1e-0000-4000-8000-000000000040", name: "General Studies" },
  kind: "mock",
  year: null,
  section: "full_length",
  isFree: true,
  marksPerQuestion: null,
  negativeMarkFraction: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  questionCount: 15,
  openAttemptId: null,
  openAttemptSecondsLeft: null,
  access: { locked: false, reason: null, attemptsLeft: null },
  lastAttempt: null,
};
const NEW = { ...base, id: "8a7e2c1e-0000-4000-8000-000000000041", title: "Mock Test 2" };
const TAKEN = {
  ...base,
  id: "8a7e2c1e-0000-4000-8000-000000000042",
  title: "Mock Test 1",
  lastAttempt: {
    id: "8a7e2c1e-0000-4000-8000-000000000043",
    score: 46.67,
    passed: true,
    completedAt: "2026-11-20T06:00:00.000Z",
  },
};
const OPEN = {
  ...TAKEN,
  id: "8a7e2c1e-0000-4000-8000-000000000044",
  title: "Mock Test 3",
  openAttemptId: "8a7e2c1e-0000-4000-8000-000000000045",
  openAttemptSecondsLeft: 600,
};

function renderExams(exams: unknown[], path = "/student/exams") {
  stubApi({
    "GET /api/exams": () => jsonResponse(200, exams),
    "GET /api/categories": () => jsonResponse(200, []),
  });
  renderRoutes([{ path: "/student/exams", element: <AvailableExamsPage /> }], {
    path,
    session: studentSession(),
  });
}

const cardOf = async (title: string) => {
  const card = (await screen.findByRole("heading", { name: title })).closest("li");
  if (!card) throw new Error("no card");
  return card;
};

describe("AvailableExamsPage", () => {
  it("shows, on an exam I have taken, my last score and Review beside Start again", async () => {
    renderExams([NEW, TAKEN, OPEN]);
    const taken = await cardOf("Mock Test 1");
    expect(taken).toHaveTextContent("Your last score: 47%");
    expect(taken).toHaveTextContent("Completed 20 Nov 2026");
    expect(within(taken).getByRole("link", { name: "Review Mock Test 1" })).toHaveAttribute(
      "href",
      `/results/${TAKEN.lastAttempt.id}`,
    );
    expect(within(taken).getByRole("link", { name: "Start again" })).toHaveAttribute(
      "href",
      `/exam/${TAKEN.id}`,
    );
    expect(taken).toHaveTextContent("Cut-off: 40%");

    const fresh = await cardOf("Mock Test 2");
    expect(fresh).not.toHaveTextContent("Your last score");
    expect(within(fresh).getByRole("link", { name: "Start Exam" })).toHaveAttribute(
      "href",
      `/exam/${NEW.id}`,
    );
    expect(within(fresh).queryByRole("link", { name: /Review/ })).toBeNull();

    // An attempt in progress is resumed, not started again.
    const open = await cardOf("Mock Test 3");
    expect(open).toHaveTextContent("In progress · 10 min left");
    expect(within(open).getByRole("link", { name: "Resume Exam" })).toBeInTheDocument();
    expect(within(open).queryByRole("link", { name: "Start again" })).toBeNull();
  });

  it("keeps Review on a taken premium exam the plan no longer opens", async () => {
    renderExams([
      {
        ...TAKEN,
        isFree: false,
        access: { locked: true, reason: "ATTEMPT_LIMIT_REACHED", attemptsLeft: null },
      },
    ]);
    const card = await cardOf("Mock Test 1");
    expect(within(card).getByRole("link", { name: "Review Mock Test 1" })).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Plan limit reached" })).toHaveAttribute(
      "href",
      "/student/subscriptions",
    );
  });

  it("links the previous-year papers to their questions by subject, topic and year", async () => {
    renderExams([{ ...NEW, kind: "pyp", year: 2024 }], "/student/exams?filter=pyp");
    await cardOf("Mock Test 2");
    expect(
      screen.getByRole("link", {
        name: "Browse previous-year questions by subject, topic and year",
      }),
    ).toHaveAttribute("href", "/student/pyq");
  });

  it("reads in Hindi", async () => {
    await applyLanguage("hi");
    renderExams([TAKEN]);
    const card = await cardOf("Mock Test 1");
    expect(within(card).getByRole("link", { name: "फिर से शुरू करें" })).toBeInTheDocument();
    expect(card).toHaveTextContent("कट-ऑफ़: 40%");
    expect(screen.getByRole("heading", { name: "उपलब्ध परीक्षाएँ" })).toBeInTheDocument();
  });
});
