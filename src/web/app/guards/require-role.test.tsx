import { screen } from "@testing-library/react";
import { adminSession, renderRoutes, studentSession } from "@web/test/render.tsx";
import { describe, expect, it } from "vitest";
import { RequireRole } from "./require-role.tsx";

const routes = [
  { path: "/login", element: <p>login page</p> },
  { path: "/student/dashboard", element: <p>student dashboard</p> },
  { path: "/admin/dashboard", element: <p>admin dashboard</p> },
  {
    element: <RequireRole roles={["admin"]} />,
    children: [{ path: "/admin/exams", element: <p>manage exams</p> }],
  },
];

describe("RequireRole", () => {
  it("sends a visitor without a session to /login and remembers the target", async () => {
    const { router } = renderRoutes(routes, { path: "/admin/exams?q=1", session: null });
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/admin/exams?q=1" });
  });

  it("sends a student to their own dashboard", async () => {
    renderRoutes(routes, { path: "/admin/exams", session: studentSession() });
    expect(await screen.findByText("student dashboard")).toBeInTheDocument();
  });

  it("lets an admin through", async () => {
    renderRoutes(routes, { path: "/admin/exams", session: adminSession() });
    expect(await screen.findByText("manage exams")).toBeInTheDocument();
  });
});
