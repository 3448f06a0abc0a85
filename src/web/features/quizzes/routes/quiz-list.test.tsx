import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { notify } from "@web/lib/toast.ts";
import { type ApiRoute, jsonResponse, stubApi } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QUIZ_MESSAGES, QUIZ_PAGE_SIZE } from "../../../../shared/quiz-constants.ts";
import type { QuizCardData } from "../api/quizzes.ts";
import { QuizListPage } from "./quiz-list.tsx";

function quiz(n: number, overrides: Partial<QuizCardData> = {}): QuizCardData {
  return {
    id: `8a7e2c1e-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
    title: `Daily Quiz ${n}`,
    titleHi: null,
    isFree: true,
    pdfUrl: null,
    pdfAfterAttempt: false,
    durationMinutes: 10,
    totalMarks: null,
    maxMarks: 10,
    difficulty: "Medium",
    publishedOn: "2026-11-20",
    numQuestions: 5,
    languages: ["English"],
    access: { locked: false, reason: null, attemptsLeft: null },
    attempts: { total: 0, last7Days: 0 },
    isSaved: false,
    hasOpenAttempt: false,
    latestAttempt: null,
    rank: null,
    ...overrides,
  };
}

const list = (items: QuizCardData[], page = 1, total = items.length) => ({
  items,
  total,
  page,
  pageSize: QUIZ_PAGE_SIZE,
});

function renderQuizzes(routes: Record<string, ApiRoute>, path = "/current-affairs/quizzes") {
  const stub = stubApi(routes);
  const view = renderRoutes(
    [
      { path: "/current-affairs/quizzes", element: <QuizListPage /> },
      { path: "/login", element: <p>Login page</p> },
    ],
    { path, session: studentSession() },
  );
  return { ...view, ...stub };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("QuizListPage", () => {
  it("shows a card per quiz with its way in", async () => {
    const { requests } = renderQuizzes({
      "GET /api/quizzes": () => jsonResponse(200, list([quiz(1), quiz(2, { isSaved: true })])),
    });
    const first = await screen.findByRole("article", { name: "Daily Quiz 1" });
    expect(within(first).getByRole("link", { name: "Start Now" })).toHaveAttribute(
      "href",
      `/quiz/${quiz(1).id}/attempt`,
    );
    expect(
      within(screen.getByRole("article", { name: "Daily Quiz 2" })).getByRole("button", {
        name: "Unsave Daily Quiz 2",
      }),
    ).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
    expect(requests).toEqual(["GET /api/quizzes?filter=all&page=1"]);
  });

  it("says so when no quiz matches, in the words of the filter", async () => {
    renderQuizzes(
      { "GET /api/quizzes": () => jsonResponse(200, list([])) },
      "/current-affairs/quizzes?filter=saved",
    );
    expect(await screen.findByRole("heading", { name: QUIZ_MESSAGES.empty })).toBeInTheDocument();
    expect(screen.getByText("Save a quiz with its bookmark to find it here.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Saved" })).toHaveAttribute("aria-selected", "true");
  });

  it("shows the error with a retry and the spec's toast", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    renderQuizzes({
      "GET /api/quizzes": () =>
        jsonResponse(500, { error: { code: "INTERNAL", message: "Database offline." } }),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: QUIZ_MESSAGES.loadFailed })).toBeVisible();
    expect(alert).toHaveTextContent("Database offline.");
    expect(within(alert).getByRole("button", { name: "Try Again" })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(QUIZ_MESSAGES.fetchError, "Database offline.");
  });

  it("filters through the address, back to page 1", async () => {
    const { requests, router } = renderQuizzes(
      {
        "GET /api/quizzes": ({ url }) =>
          jsonResponse(
            200,
            url.searchParams.get("filter") === "not-attempted"
              ? list([quiz(3)])
              : list([quiz(1)], 2, 30),
          ),
      },
      "/current-affairs/quizzes?page=2",
    );
    expect(await screen.findByText("Daily Quiz 1")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Not attempted" }));
    expect(await screen.findByText("Daily Quiz 3")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Not attempted" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(router.state.location.search).toBe("?filter=not-attempted");
    expect(requests).toEqual([
      "GET /api/quizzes?filter=all&page=2",
      "GET /api/quizzes?filter=not-attempted&page=1",
    ]);
  });

  it("turns the page", async () => {
    const { router } = renderQuizzes({
      "GET /api/quizzes": ({ url }) => {
        const page = Number(url.searchParams.get("page"));
        return jsonResponse(200, list([quiz(page)], page, 30));
      },
    });
    const pager = await screen.findByRole("navigation", { name: "Pagination" });
    expect(pager).toHaveTextContent("Page 1 of 3 (30 in all)");
    await userEvent.click(within(pager).getByRole("button", { name: /Next/ }));
    expect(await screen.findByText("Daily Quiz 2")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=2");
  });

  it("saves a quiz with the spec's toast and refreshes the list", async () => {
    const success = vi.spyOn(notify, "success").mockImplementation(() => "");
    let saved = false;
    const { requests } = renderQuizzes({
      "GET /api/quizzes": () => jsonResponse(200, list([quiz(1, { isSaved: saved })])),
      [`PUT /api/quizzes/${quiz(1).id}/bookmark`]: () => {
        saved = true;
        return jsonResponse(200, { saved: true });
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Daily Quiz 1" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(QUIZ_MESSAGES.saved));
    expect(await screen.findByRole("button", { name: "Unsave Daily Quiz 1" })).toBeVisible();
    expect(requests.filter((r) => r.startsWith("GET"))).toHaveLength(2);
  });

  it("sends a signed-out student to log in when saving", async () => {
    const error = vi.spyOn(notify, "error").mockImplementation(() => "");
    const { router } = renderQuizzes({
      "GET /api/quizzes": () => jsonResponse(200, list([quiz(1)])),
      [`PUT /api/quizzes/${quiz(1).id}/bookmark`]: () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Sign in first." } }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Daily Quiz 1" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      QUIZ_MESSAGES.loginRequiredTitle,
      QUIZ_MESSAGES.loginRequiredSave,
    );
    expect(router.state.location.state).toEqual({ from: "/current-affairs/quizzes" });
  });
});
