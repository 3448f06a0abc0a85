import type { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { queryKeys } from "@web/lib/query-keys.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { StudentDashboardPage } from "./student-dashboard.tsx";

const EXAM_ID = "8a7e2c1e-0000-4000-8000-000000000020";
const QUIZ_ID = "8a7e2c1e-0000-4000-8000-000000000021";
const OPEN = [
  {
    attemptId: "a1",
    kind: "exam",
    targetId: EXAM_ID,
    title: "GS Paper I Full Mock",
    secondsLeft: 3540,
    attemptNumber: null,
    answered: 40,
    numQuestions: 100,
  },
  {
    attemptId: "a2",
    kind: "quiz",
    targetId: QUIZ_ID,
    title: "Budget Basics",
    secondsLeft: 0,
    attemptNumber: 2,
    answered: 3,
    numQuestions: 5,
  },
];

function renderDashboard(resume: ApiRoute, session = studentSession()) {
  const stub = stubApi({ "GET /api/home/resume": resume });
  const view = renderRoutes([{ path: "/student/dashboard", element: <StudentDashboardPage /> }], {
    path: "/student/dashboard",
    session,
  });
  return { ...view, ...stub };
}

/** Waits for the open-attempts query to have its answer. */
const settled = (queryClient: QueryClient, status: "success" | "error") =>
  waitFor(() => expect(queryClient.getQueryState(queryKeys.home.resume)?.status).toBe(status));

describe("StudentDashboardPage", () => {
  it("welcomes the student and lists the tests to resume", async () => {
    renderDashboard(() => jsonResponse(200, OPEN));
    expect(screen.getByRole("heading", { name: "Welcome back, Asha Rao!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit Profile" })).toHaveAttribute(
      "href",
      "/student/profile",
    );
    const list = await screen.findByRole("region", { name: "Continue where you left off" });
    const [exam, quiz] = within(list).getAllByRole("listitem");
    expect(exam).toHaveTextContent("In progress · 59 min left");
    expect(exam).toHaveTextContent("40 of 100 answered");
    expect(exam).not.toHaveTextContent("Attempt #");
    expect(
      within(exam as HTMLElement).getByRole("link", { name: "Resume GS Paper I Full Mock" }),
    ).toHaveAttribute("href", `/exam/${EXAM_ID}`);
    expect(quiz).toHaveTextContent("In progress · time is up");
    expect(quiz).toHaveTextContent("Quiz · Attempt #2 · 3 of 5 answered");
    expect(
      within(quiz as HTMLElement).getByRole("link", { name: "Resume Budget Basics" }),
    ).toHaveAttribute("href", `/quiz/${QUIZ_ID}/attempt`);
  });

  it("shows no resume section when nothing is in progress, and the hubs still", async () => {
    const { queryClient } = renderDashboard(() => jsonResponse(200, []));
    expect(screen.getByRole("region", { name: "Learning Hub" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /My Results/ })).toHaveAttribute("href", "/results");
    await settled(queryClient, "success");
    expect(screen.queryByRole("region", { name: "Continue where you left off" })).toBeNull();
  });

  it("leaves the resume section out when the list cannot be loaded", async () => {
    const { queryClient } = renderDashboard(() =>
      jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } }),
    );
    await settled(queryClient, "error");
    expect(screen.queryByRole("region", { name: "Continue where you left off" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Welcome back, Asha Rao!" })).toBeInTheDocument();
  });

  it("greets a student without a name by their email", () => {
    renderDashboard(() => jsonResponse(200, []), studentSession(null));
    expect(
      screen.getByRole("heading", { name: "Welcome back, asha@example.com!" }),
    ).toBeInTheDocument();
  });
});
