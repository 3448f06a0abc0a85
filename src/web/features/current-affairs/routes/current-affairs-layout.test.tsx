import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stubFetch } from "@web/test/network.ts";
import { renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { CurrentAffairsLayout } from "./current-affairs-layout.tsx";

/**
 * The section as the router mounts it; the quiz list, the videos and the notes are other
 * features' pages (features/quizzes, features/library), so stand-ins here.
 */
function renderSection(path: string, history: string[] = []) {
  const fetch = stubFetch(); // the section itself asks the server nothing
  const view = renderRoutes(
    [
      { path: "/news", element: <p>News page</p> },
      {
        path: "/current-affairs",
        element: <CurrentAffairsLayout />,
        children: [
          { path: "quizzes", element: <p>Quiz list</p> },
          { path: "videos", element: <p>Video list</p> },
          { path: "notes", element: <p>Notes list</p> },
        ],
      },
    ],
    { path, session: studentSession() },
  );
  for (const entry of history) void view.router.navigate(entry);
  return { ...view, fetch };
}

const tabs = () => screen.getByRole("navigation", { name: "Current affairs sections" });

describe("CurrentAffairsLayout", () => {
  it("shows the section's tabs with the open one marked, and its page", () => {
    const { fetch } = renderSection("/current-affairs/quizzes");
    expect(screen.getByRole("heading", { level: 1, name: "Current Affairs" })).toBeVisible();
    const links = within(tabs()).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Videos", "/current-affairs/videos"],
      ["Quizzes", "/current-affairs/quizzes"],
      ["Notes", "/current-affairs/notes"],
    ]);
    expect(within(tabs()).getByRole("link", { name: "Quizzes" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(tabs()).getByRole("link", { name: "Videos" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(screen.getByText("Quiz list")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("moves between the videos and the notes tabs", async () => {
    renderSection("/current-affairs/videos");
    expect(screen.getByText("Video list")).toBeInTheDocument();
    await userEvent.click(within(tabs()).getByRole("link", { name: "Notes" }));
    expect(await screen.findByText("Notes list")).toBeVisible();
    expect(within(tabs()).getByRole("link", { name: "Notes" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  it("goes back to the previous page", async () => {
    const { router } = renderSection("/news", ["/current-affairs/quizzes"]);
    await userEvent.click(await screen.findByRole("button", { name: "Go back" }));
    expect(await screen.findByText("News page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/news");
  });
});
