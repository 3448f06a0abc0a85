import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRegisterActiveAttempt } from "@web/lib/active-attempt.ts";
import { notify } from "@web/lib/toast.ts";
import { adminSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { useEffect, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CoursesPage } from "../../features/courses/routes/courses-page.tsx";
import { LiveClassesPage } from "../../features/live-classes/routes/live-classes-page.tsx";
import { AppToaster, toastOffset } from "../providers.tsx";
import { NotFoundPage } from "../routes/not-found.tsx";
import { MainLayout } from "./main-layout.tsx";

// The web basics: focus follows the page, one current destination, toasts below the
// header, and no dashboard for visitors.

let showLateHeading: () => void = () => {};
function LatePage() {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    showLateHeading = () => setIsReady(true);
  }, []);
  return isReady ? <h1>late page</h1> : <p>Loading late page...</p>;
}

function FieldPage() {
  return (
    <>
      <h1>search page</h1>
      <label>
        Search
        {/* biome-ignore lint/a11y/noAutofocus: the page's own focus, which the layout keeps */}
        <input autoFocus />
      </label>
    </>
  );
}

function RunningAttempt() {
  useRegisterActiveAttempt();
  return <h1>attempt</h1>;
}

const routes = [
  {
    element: <MainLayout />,
    children: [
      { path: "/", element: <h1>home</h1> },
      { path: "/student/exams", element: <h1>exams</h1> },
      { path: "/student/dashboard", element: <h1>dashboard</h1> },
      { path: "/admin/dashboard", element: <h1>admin dashboard</h1> },
      { path: "/late", element: <LatePage /> },
      { path: "/search", element: <FieldPage /> },
      { path: "/quiz/:quizId/attempt", element: <RunningAttempt /> },
      { path: "/courses", element: <CoursesPage /> },
      { path: "/live-classes", element: <LiveClassesPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

describe("moving to another page", () => {
  it("moves focus to the new page's heading, but not on the first load", async () => {
    const user = userEvent.setup();
    renderRoutes(routes, { path: "/", session: studentSession() });
    const home = await screen.findByRole("heading", { name: "home" });
    expect(home).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);

    const [headerNav] = screen.getAllByRole("navigation", { name: "Main" });
    await user.click(within(headerNav!).getByRole("link", { name: "Exams" }));
    const exams = await screen.findByRole("heading", { name: "exams" });
    expect(exams).toHaveFocus();
    expect(exams).toHaveAttribute("tabindex", "-1");
  });

  it("waits for a heading that comes with the page's data", async () => {
    const { router } = renderRoutes(routes, { path: "/", session: studentSession() });
    await screen.findByRole("heading", { name: "home" });
    await act(() => router.navigate("/late"));
    expect(screen.getByText("Loading late page...")).toBeInTheDocument();
    act(() => showLateHeading());
    expect(await screen.findByRole("heading", { name: "late page" })).toHaveFocus();
  });

  it("leaves focus where the new page put it, and inside a running attempt", async () => {
    const { router } = renderRoutes(routes, { path: "/", session: studentSession() });
    await screen.findByRole("heading", { name: "home" });
    await act(() => router.navigate("/search"));
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveFocus();

    await act(() => router.navigate("/quiz/q1/attempt"));
    expect(await screen.findByRole("heading", { name: "attempt" })).not.toHaveFocus();
  });
});

describe("the header's way to the dashboard", () => {
  const dashboardLink = () => screen.getByRole("link", { name: "Dashboard" });
  const homeLinks = () =>
    screen
      .getAllByRole("navigation", { name: "Main" })
      .map((nav) => within(nav).getByRole("link", { name: "Home" }));

  it("is never highlighted together with Home", async () => {
    const { router } = renderRoutes(routes, { path: "/", session: studentSession() });
    await screen.findByRole("heading", { name: "home" });
    for (const home of homeLinks()) expect(home).toHaveAttribute("aria-current", "page");
    expect(dashboardLink()).not.toHaveAttribute("aria-current");
    expect(dashboardLink()).not.toHaveClass("bg-secondary");

    await act(() => router.navigate("/student/dashboard"));
    await screen.findByRole("heading", { name: "dashboard" });
    expect(dashboardLink()).toHaveAttribute("aria-current", "page");
    expect(dashboardLink()).toHaveClass("bg-secondary");
    for (const home of homeLinks()) {
      expect(home).not.toHaveAttribute("aria-current");
      expect(home).not.toHaveClass("bg-secondary");
    }
  });

  it("takes an admin to the admin dashboard, current only there", async () => {
    const { router } = renderRoutes(routes, { path: "/", session: adminSession() });
    await screen.findByRole("heading", { name: "home" });
    const admin = screen.getByRole("link", { name: "Admin" });
    expect(admin).toHaveAttribute("href", "/admin/dashboard");
    expect(admin).not.toHaveAttribute("aria-current");
    await act(() => router.navigate("/admin/dashboard"));
    await screen.findByRole("heading", { name: "admin dashboard" });
    expect(screen.getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
  });
});

describe("toasts", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("open below the header, whose height the header publishes", async () => {
    // jsdom lays nothing out: the header says how tall it is (a phone's two lines).
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === "HEADER" ? 85 : 0;
    });
    const { unmount } = renderRoutes(
      [{ element: <AppToasterWithLayout />, children: routes[0]!.children }],
      { path: "/", session: studentSession() },
    );
    await screen.findByRole("heading", { name: "home" });

    act(() => void notify.success("Saved", "Your profile information has been saved."));
    await screen.findByText("Saved");
    const toaster = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    const below = "calc(85px + 0.5rem)";
    expect(toaster?.dataset.yPosition).toBe("top");
    // Both sonner's desktop and phone offsets.
    expect(toaster?.style.getPropertyValue("--offset-top")).toBe(below);
    expect(toaster?.style.getPropertyValue("--mobile-offset-top")).toBe(below);

    // The page itself is not restyled: only the toaster takes the height.
    expect(document.documentElement.style.getPropertyValue("--site-header-height")).toBe("");
    // Without the header (a running attempt has its own 3.5rem bar) the default applies.
    unmount();
    expect(toastOffset(null).top).toBe("calc(3.5rem + 0.5rem)");
  });
});

function AppToasterWithLayout() {
  return (
    <>
      <MainLayout />
      <AppToaster />
    </>
  );
}

describe("a visitor never sees Back to Dashboard", () => {
  it("offers a visitor the home page on the public pages, and a student the dashboard", async () => {
    renderRoutes(routes, { path: "/courses", session: null });
    await screen.findByRole("heading", { name: "Courses" });
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByText(/Back to Dashboard/)).toBeNull();
  });

  it("sends a signed-in student back to the dashboard", async () => {
    renderRoutes(routes, { path: "/live-classes", session: studentSession() });
    await screen.findByRole("heading", { name: "Live Classes" });
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
      "href",
      "/student/dashboard",
    );
  });

  it("offers Home on the not-found page", async () => {
    renderRoutes(routes, { path: "/no-such-page", session: null });
    await screen.findByRole("heading", { name: "Page Not Found" });
    expect(screen.getByRole("link", { name: "Go Back to Homepage" })).toHaveAttribute("href", "/");
    expect(screen.queryByText(/Dashboard/)).toBeNull();
  });
});
