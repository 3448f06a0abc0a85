import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ADMIN_SECTIONS } from "@web/components/layout/admin-sections.ts";
import { useRegisterActiveAttempt } from "@web/lib/active-attempt.ts";
import { usePageTitle } from "@web/lib/page-title.ts";
import { queryKeys } from "@web/lib/query-keys.ts";
import { adminSession, mentorSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { MainLayout } from "./main-layout.tsx";

function NamedPage() {
  usePageTitle("Budget 2026 explained");
  return <h1>article</h1>;
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
      { path: "/news/:newsId", element: <NamedPage /> },
      { path: "/exam/:examId", element: <h1>exam</h1> },
      { path: "/quiz/:quizId/attempt", element: <RunningAttempt /> },
      { path: "/admin/exams", element: <h1>manage exams</h1> },
      { path: "/admin/settings", element: <h1>settings</h1> },
      { path: "/student/profile", element: <h1>profile</h1> },
      { path: "/mentor", element: <h1>evaluation queue</h1> },
      { path: "/mentor/mains", element: <h1>mains marking</h1> },
    ],
  },
];

const NAV = ["Home", "Exams", "Practice", "Revision", "Quizzes", "Results", "Progress", "News"];

describe("MainLayout", () => {
  it("gives a student the eight destinations and names the page in the title", async () => {
    renderRoutes(routes, { path: "/student/exams", session: studentSession() });
    await screen.findByRole("heading", { name: "exams" });
    // Two navs (header links for desktop, tab bar for phones); CSS shows one at a time.
    const navs = screen.getAllByRole("navigation", { name: "Main" });
    expect(navs).toHaveLength(2);
    for (const nav of navs) {
      expect(
        within(nav)
          .getAllByRole("link")
          .map((l) => l.textContent),
      ).toEqual(NAV);
      expect(within(nav).getByRole("link", { name: "Exams" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
    expect(within(navs[0]!).getByRole("link", { name: "Quizzes" })).toHaveAttribute(
      "href",
      "/current-affairs/quizzes",
    );
    expect(within(navs[0]!).getByRole("link", { name: "Practice" })).toHaveAttribute(
      "href",
      "/student/practice",
    );
    // One way to log out.
    expect(screen.getAllByRole("button", { name: /log ?out|sign out/i })).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe("Exams · Test App"));
  });

  it("lets a page name itself and drops the tab bar during an exam", async () => {
    const { router } = renderRoutes(routes, { path: "/news/abc", session: studentSession() });
    await waitFor(() => expect(document.title).toBe("Budget 2026 explained · Test App"));
    await router.navigate("/exam/123");
    await waitFor(() => expect(document.title).toBe("Exam · Test App"));
    expect(screen.getAllByRole("navigation", { name: "Main" })).toHaveLength(1);
  });

  it("shows a visitor the news link and no student navigation", async () => {
    renderRoutes(routes, { path: "/", session: null });
    await screen.findByRole("heading", { name: "home" });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.getByRole("link", { name: "News" })).toHaveAttribute("href", "/news");
    expect(screen.getByRole("link", { name: "Register" })).toBeInTheDocument();
  });

  it("shows the uploaded logo, named by the title, in place of the title", async () => {
    const { queryClient } = renderRoutes(routes, { path: "/", session: null });
    await screen.findByRole("heading", { name: "home" });
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Test App" })).toHaveAttribute("href", "/");
    expect(within(banner).queryByRole("img")).toBeNull();
    const logoUrl = "/storage/site_logos/logo-1795500000000-0a1b2c3d.png";
    act(() =>
      queryClient.setQueryData(queryKeys.settings.public, {
        appTitle: "Test App",
        contactEmail: "help@example.com",
        maintenanceMode: false,
        logoUrl,
      }),
    );
    const logo = await within(banner).findByRole("img", { name: "Test App" });
    expect(logo).toHaveAttribute("src", logoUrl);
    // A fixed height: the header does not move when the picture arrives.
    expect(logo).toHaveAttribute("height", "32");
    expect(logo).toHaveClass("h-8");
    expect(within(banner).getByRole("link", { name: "Test App" })).toContainElement(logo);
    expect(within(banner).queryByText("Test App")).toBeNull();
  });

  it("gives an admin section navigation on every admin screen, as a menu on phones", async () => {
    const { router } = renderRoutes(routes, { path: "/admin/exams", session: adminSession() });
    await screen.findByRole("heading", { name: "manage exams" });
    const [menu, sidebar] = screen.getAllByRole("navigation", { name: "Admin sections" });
    expect(within(sidebar!).getByRole("link", { name: "Manage Exams" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The dashboard and every section.
    expect(within(sidebar!).getAllByRole("link")).toHaveLength(ADMIN_SECTIONS.length + 1);
    const toggle = within(menu!).getByRole("button", { name: /Admin menu/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(within(menu!).getByRole("link", { name: "Site Settings" }));
    expect(router.state.location.pathname).toBe("/admin/settings");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await waitFor(() => expect(document.title).toBe("Site Settings · Test App"));
  });

  it("gives a mentor their links, Evaluations, Mains tests, Discussions and Profile, and no student navigation", async () => {
    const { router } = renderRoutes(routes, { path: "/mentor", session: mentorSession() });
    await screen.findByRole("heading", { name: "evaluation queue" });
    // No tab bar and no student header links: a mentor has no student pages.
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    const nav = within(screen.getByRole("banner")).getByRole("navigation", { name: "Mentor" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["Evaluations", "/mentor"],
      ["Mains tests", "/mentor/mains"],
      ["Discussions", "/mentor/discussions"],
      ["Profile", "/student/profile"],
    ]);
    expect(within(nav).getByRole("link", { name: "Evaluations" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Its links replace the Dashboard button; the one Logout stays.
    expect(screen.queryByRole("link", { name: "Dashboard" })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Logout" })).toHaveLength(1);

    await userEvent.click(within(nav).getByRole("link", { name: "Profile" }));
    await screen.findByRole("heading", { name: "profile" });
    expect(router.state.location.pathname).toBe("/student/profile");
    expect(within(nav).getByRole("link", { name: "Profile" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Evaluations" })).not.toHaveAttribute(
      "aria-current",
    );
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();

    // The Mains tests' marking is below /mentor but has its own link: only that one is current.
    await userEvent.click(within(nav).getByRole("link", { name: "Mains tests" }));
    await screen.findByRole("heading", { name: "mains marking" });
    expect(within(nav).getByRole("link", { name: "Mains tests" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Evaluations" })).not.toHaveAttribute(
      "aria-current",
    );
  });

  it("keeps the student's Dashboard button and tab bar off an admin's screen", async () => {
    renderRoutes(routes, { path: "/", session: adminSession() });
    await screen.findByRole("heading", { name: "home" });
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Mentor" })).toBeNull();
    expect(screen.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin/dashboard");
  });

  it("gives a running attempt the whole screen: no header, footer, links or Logout", async () => {
    renderRoutes(routes, { path: "/quiz/q1/attempt", session: studentSession() });
    await screen.findByRole("heading", { name: "attempt" });
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("keeps the header on an exam's start screen (no attempt running yet)", async () => {
    renderRoutes(routes, { path: "/exam/e1", session: studentSession() });
    await screen.findByRole("heading", { name: "exam" });
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });
});
